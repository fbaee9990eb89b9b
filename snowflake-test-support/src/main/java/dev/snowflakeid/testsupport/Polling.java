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
package dev.snowflakeid.testsupport;

import java.time.Duration;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;

/**
 * Awaitility set up for conditions whose timing a test measures: the first check at once,
 * then every 10 ms (Awaitility's defaults wait 100 ms before the first check), on the
 * calling thread (so thread-local state of the code under test stays with the test).
 * Exceptions thrown by the condition fail the wait at once, as any assertion would.
 */
public final class Polling {

	private static final Duration INTERVAL = Duration.ofMillis(10);

	private Polling() {
	}

	/**
	 * Waits up to {@code atMost} until the condition given to {@code until} holds;
	 * {@code what} names it on timeout.
	 */
	public static ConditionFactory await(String what, Duration atMost) {
		return Awaitility.await(what).atMost(atMost).pollInSameThread().pollDelay(Duration.ZERO).pollInterval(INTERVAL);
	}

}
