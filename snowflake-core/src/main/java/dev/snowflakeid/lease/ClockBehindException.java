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

/**
 * At startup the wall clock lies further behind a worker code's floor (its high-water mark or
 * quarantine) than the startup wait budget allows: issuing now could repeat an earlier owner's IDs.
 */
public class ClockBehindException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	private final long behindMillis;

	public ClockBehindException(String message, long behindMillis) {
		super(message);
		this.behindMillis = behindMillis;
	}

	/**
	 * How far the clock had yet to advance before a whole tick of the generator lay above the floor, in
	 * milliseconds: with a one-millisecond tick, how far it was behind the floor, plus one.
	 */
	public long behindMillis() {
		return this.behindMillis;
	}

}
