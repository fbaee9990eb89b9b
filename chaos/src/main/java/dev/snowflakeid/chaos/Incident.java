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
package dev.snowflakeid.chaos;

/**
 * Something that happened during a campaign, on the shared monotonic timeline: a fault as
 * it was actually carried out, or a worker process that exited by itself.
 *
 * @param kind a {@link FaultKind} name, or {@link #WORKER_EXIT}
 * @param target the slot or server it concerns
 * @param startNanos monotonic time it started
 * @param endNanos monotonic time it ended (equal to the start for an instant)
 * @param detail what exactly was done, or the exit code
 */
public record Incident(String kind, String target, long startNanos, long endNanos, String detail) {

	/**
	 * A worker process that exited without a fault asking it to; the supervisor starts
	 * the next one.
	 */
	public static final String WORKER_EXIT = "WORKER_EXIT";

}
