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
package dev.snowflakeid.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * How the generator parks the calling thread while it waits for a tick (it spins only for a bounded moment
 * around the expected tick boundary, see {@code TickWaiter}). Tests inject one that advances a fake clock
 * instead of sleeping.
 */
@FunctionalInterface
public interface Parker {

	/** Parks for about {@code nanos} nanoseconds; may return early. */
	void park(long nanos);

	/** {@link LockSupport#parkNanos(long)}. */
	static Parker system() {
		return LockSupport::parkNanos;
	}

}
