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

import java.util.List;
import java.util.stream.Collectors;

import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Difference;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Setting;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a static worker code and region that another application context in this JVM
 * uses: with other settings (each named by its property), or with a generator already
 * started on it.
 */
class WorkerCodeInUseFailureAnalyzer extends AbstractFailureAnalyzer<WorkerCodeInUseException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, WorkerCodeInUseException cause) {
		List<Difference> differences = cause.differences();
		if (differences.isEmpty()) {
			return new FailureAnalysis(
					"Another generator in this JVM uses the same static worker code: " + cause.getMessage()
							+ ". Two generators with one code issue the same IDs.",
					"Give each application context in this JVM its own snowflake.worker.code (or snowflake.region), "
							+ "share one IdGenerator bean between them (for example from a parent context), or close the "
							+ "first one before starting this one.",
					cause);
		}
		String described = differences.stream()
			.map((difference) -> property(difference.setting()) + " is " + difference.held() + " there but "
					+ difference.requested() + " here")
			.collect(Collectors.joining("; "));
		Difference first = differences.get(0);
		return new FailureAnalysis("Static worker code and region already used in this JVM with other settings: "
				+ cause.domain() + " is held by " + cause.holder() + ", and " + described + ". Contexts with the same "
				+ "code and region share one generator only when their settings agree; two generators with one code "
				+ "issue the same IDs.",
				agree(first) + " as in the first context"
						+ ((differences.size() > 1) ? " (and the other settings named above likewise)" : "")
						+ ", so that both share its generator, or give this context its own snowflake.worker.code "
						+ "(or snowflake.region).",
				cause);
	}

	/** What makes {@code difference} go away, for the action. */
	private static String agree(Difference difference) {
		return switch (difference.setting()) {
			case STATE_FILE -> "none".equals(difference.held()) ? "Remove snowflake.worker.state-file"
					: "Set snowflake.worker.state-file to " + difference.held();
			case CEILING_LEAD ->
				"Set snowflake.worker.lease.outage-tolerance and snowflake.worker.lease.renew-interval "
						+ "(ceiling lead " + difference.held() + ")";
			default -> "Set " + property(difference.setting()) + " to " + difference.held();
		};
	}

	static String property(Setting setting) {
		return switch (setting) {
			case STATE_FILE -> "snowflake.worker.state-file";
			case STATE_FILE_MUST_EXIST -> "snowflake.worker.state-file-must-exist";
			case CEILING_LEAD -> "snowflake.worker.lease.outage-tolerance";
			case TIMESTAMP_BITS -> "snowflake.layout.timestamp-bits";
			case REGION_BITS -> "snowflake.layout.region-bits";
			case WORKER_BITS -> "snowflake.layout.worker-bits";
			case SEQUENCE_BITS -> "snowflake.layout.sequence-bits";
			case TICK -> "snowflake.layout.tick";
			case EPOCH -> "snowflake.epoch";
			case ROLLBACK_WAIT_BUDGET -> "snowflake.clock.rollback-wait-budget";
			case EXHAUSTION_WAIT_BUDGET -> "snowflake.sequence.exhaustion-wait-budget";
			case SEQUENCE_START -> "snowflake.sequence.start";
			case BORROW_AHEAD -> "snowflake.clock.borrow-ahead";
			case FORWARD_JUMP_ALERT -> "snowflake.clock.forward-jump-alert";
			case RENEW_INTERVAL -> "snowflake.worker.lease.renew-interval";
			case STARTUP_WAIT_BUDGET -> "snowflake.worker.lease.startup-wait-budget";
		};
	}

}
