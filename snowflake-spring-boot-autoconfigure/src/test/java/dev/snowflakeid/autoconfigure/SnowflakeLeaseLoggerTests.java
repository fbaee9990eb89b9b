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

import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.LeaseEvent.Type;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.WorkerLease;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the application's log says: at shutdown, the code given back with its high-water
 * mark, or, when the store could not be reached, that it was not and why; and what the
 * core reports instead of logging (a clock jump, a failed round, a failed listener), all
 * through the application's logging system.
 */
@ExtendWith(OutputCaptureExtension.class)
class SnowflakeLeaseLoggerTests {

	private static final WorkerLease LEASE = new WorkerLease(7, 3, 1_000, 13_000, true, null);

	private final SnowflakeLeaseLogger logger = new SnowflakeLeaseLogger(2, null);

	@Test
	void aReleaseIsLoggedWithItsHighWaterMark(CapturedOutput output) {
		this.logger.onLeaseEvent(new LeaseEvent(Type.RELEASED, LEASE, null, null, 1_796_222_701_114L));
		this.logger.onLeaseEvent(new LeaseEvent(Type.RELEASED, LEASE, null, null, Long.MIN_VALUE));
		assertThat(output).contains("Released worker code 7 of region 2; high-water mark 2026-12-02T14:45:01.114Z")
			.contains("Released worker code 7 of region 2; high-water mark unchanged (no ID issued)");
	}

	@Test
	void aFailedReleaseIsAWarningThatNamesTheCodeAndTheCause(CapturedOutput output) {
		this.logger.onLeaseEvent(new LeaseEvent(Type.RELEASE_FAILED, LEASE, null,
				new LeaseStoreUnavailableException("Currently not connected", null), Long.MIN_VALUE));
		assertThat(output.getAll().lines().filter((line) -> line.contains("Could not release")))
			.singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
			.contains("WARN")
			.endsWith("Could not release worker code 7 of region 2; the lease expires by itself and its ceiling still "
					+ "fences the next owner: Currently not connected");
	}

	@Test
	void aClockJumpIsAWarningWithItsSize(CapturedOutput output) {
		this.logger.onLeaseEvent(new LeaseEvent(Type.CLOCK_JUMPED, LEASE, null, null, Long.MIN_VALUE, 4_200));
		assertThat(output.getAll().lines().filter((line) -> line.contains("Wall clock jumped")))
			.singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
			.contains("WARN")
			.endsWith("Wall clock jumped forward by 4200 ms more than elapsed time; IDs continue from the new time and "
					+ "the jump uses up epoch lifetime");
	}

	@Test
	void aFailedRoundIsAnErrorAndAFailedListenerAWarningWithTheirCauses(CapturedOutput output) {
		this.logger.onLeaseEvent(
				new LeaseEvent(Type.ROUND_FAILED, LEASE, null, new IllegalStateException("boom"), Long.MIN_VALUE));
		this.logger.onLeaseEvent(new LeaseEvent(Type.LISTENER_FAILED, LEASE, null,
				new IllegalArgumentException("listener broke"), Long.MIN_VALUE));
		assertThat(output)
			.contains("ERROR", "Worker lease renewal round failed unexpectedly; the next round runs as " + "scheduled",
					"java.lang.IllegalStateException: boom")
			.contains("A worker lease listener failed; the other listeners and the renewals go on",
					"java.lang.IllegalArgumentException: listener broke");
	}

}
