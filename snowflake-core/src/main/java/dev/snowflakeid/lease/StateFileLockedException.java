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
 * Another owner, in another process or in this JVM, holds the state file's lock: two owners of one file
 * would raise the same mark and issue the same IDs.
 */
public class StateFileLockedException extends StateFileException {

	private static final long serialVersionUID = 1L;

	private final String holder;

	public StateFileLockedException(Path file, Path lockFile, String holder) {
		super(file, "worker state file " + file + " is in use by " + holder + " (lock " + lockFile + ")", null);
		this.holder = holder;
	}

	/** Who holds the lock, such as {@code process 4711 (application 'orders', since ...)}. */
	public String holder() {
		return this.holder;
	}

}
