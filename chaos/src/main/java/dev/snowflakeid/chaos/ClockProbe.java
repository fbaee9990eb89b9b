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
 * Prints the wall clock and the monotonic clock as this JVM reads them; the orchestrator
 * runs it under libfaketime before a campaign to prove that a step written to the offset
 * file reaches a JVM's wall clock and leaves its monotonic clock alone.
 */
public final class ClockProbe {

	private ClockProbe() {
	}

	public static void main(String[] args) {
		System.out.println(System.currentTimeMillis() + " " + System.nanoTime());
	}

}
