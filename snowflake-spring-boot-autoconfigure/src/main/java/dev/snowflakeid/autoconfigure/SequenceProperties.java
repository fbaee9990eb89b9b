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
package dev.snowflakeid.autoconfigure;

import java.time.Duration;

import dev.snowflakeid.SnowflakeIdGenerator;

/**
 * Sequence policies: {@code snowflake.sequence.*}.
 */
public class SequenceProperties {

	/** Longest wait for the next tick when a tick's IDs are used up; 0 refuses. */
	private Duration exhaustionWaitBudget = SnowflakeIdGenerator.DEFAULT_EXHAUSTION_WAIT_BUDGET;

	/**
	 * First sequence of each tick: zero, or random below 2^min(8, sequence-bits - 4) to
	 * spread a quiet service's IDs evenly over id % n, at up to that many IDs per tick.
	 */
	private SequenceStart start = SequenceStart.ZERO;

	public SequenceStart getStart() {
		return this.start;
	}

	public void setStart(SequenceStart start) {
		this.start = start;
	}

	public Duration getExhaustionWaitBudget() {
		return this.exhaustionWaitBudget;
	}

	public void setExhaustionWaitBudget(Duration exhaustionWaitBudget) {
		this.exhaustionWaitBudget = exhaustionWaitBudget;
	}

}
