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
 * One planned fault.
 *
 * @param atMillis when it starts, in milliseconds after the campaign started
 * @param kind what it does
 * @param target the worker slot ({@code r0w1}) or Redis ({@code redis0}) it acts on
 * @param durationMillis how long it lasts; 0 for an instant fault
 * @param stepMillis for {@link FaultKind#CLOCK_STEP}, the signed clock step; otherwise 0
 */
public record Fault(long atMillis, FaultKind kind, String target, long durationMillis, long stepMillis) {

	/** When it ends, in milliseconds after the campaign started. */
	public long endMillis() {
		return this.atMillis + this.durationMillis;
	}

	/** One line for logs and reports. */
	public String describe() {
		StringBuilder text = new StringBuilder(this.kind.name()).append(' ').append(this.target);
		if (this.kind == FaultKind.CLOCK_STEP) {
			text.append(' ').append((this.stepMillis >= 0) ? "+" : "").append(this.stepMillis).append(" ms");
		}
		if (this.durationMillis > 0) {
			text.append(" for ").append(this.durationMillis).append(" ms");
		}
		return text.toString();
	}

}
