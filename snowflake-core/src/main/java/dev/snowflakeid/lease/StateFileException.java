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

import java.nio.file.Path;

/**
 * The static allocator's state file cannot be used safely, found at startup before any ID is issued. Not
 * retried: unlike an unreachable lease store, waiting does not fix a file.
 */
public class StateFileException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	private final transient Path file;

	protected StateFileException(Path file, String message, Throwable cause) {
		super(message, cause);
		this.file = file;
	}

	/** The state file, absolute. */
	public Path file() {
		return this.file;
	}

}
