/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.lease;

import org.jspecify.annotations.Nullable;

/**
 * The lease store could not be reached, or did not answer within its command timeout.
 * Retried: waiting may fix it.
 *
 * <p>
 * {@code non-sealed}: a lease store in another module names its transport's failures by
 * extending this (an unreachable Redis, a replica quorum not met), and a sealed class
 * admits no subclass outside its package.
 */
public non-sealed class LeaseStoreUnavailableException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	public LeaseStoreUnavailableException(String message, @Nullable Throwable cause) {
		super(message, cause);
	}

}
