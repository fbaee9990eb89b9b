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
package dev.snowflakeid;

/**
 * Thrown when a {@link SnowflakeLayout} cannot produce correct IDs, before any ID is issued.
 * {@link #parameter()} names the offending layout parameter so that callers such as a Spring Boot
 * failure analyzer can point at the exact setting to change.
 */
public final class InvalidLayoutException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String parameter;

	public InvalidLayoutException(String parameter, String message) {
		super(message);
		this.parameter = parameter;
	}

	/**
	 * Name of the layout parameter at fault: one of {@code timestampBits}, {@code regionBits},
	 * {@code workerBits}, {@code sequenceBits}, {@code bitWidths} (their sum), {@code tick},
	 * {@code epoch} or {@code requiredLifetime}.
	 */
	public String parameter() {
		return this.parameter;
	}

}
