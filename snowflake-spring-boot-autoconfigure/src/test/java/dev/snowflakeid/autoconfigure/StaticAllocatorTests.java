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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.testsupport.Polling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The static allocator's safety nets, each failure with its analysis: one generator per
 * code and region in a JVM, shared by contexts with the same settings and refused to one
 * with others, one owner per state file, a missing file created or refused, inaccessible,
 * corrupt and out-of-range files. Another process holding the file, and the warning about
 * a missing file in a real application's log: {@link StateFileProcessTests}.
 */
@ExtendWith(OutputCaptureExtension.class)
class StaticAllocatorTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=1");

	@TempDir
	Path directory;

	@Test
	void contextsWithTheSameStaticConfigurationShareOneGeneratorUntilTheLastCloses() {
		Path stateFile = this.directory.resolve("worker.hwm");
		ApplicationContextRunner withFile = this.runner.withPropertyValues("snowflake.worker.state-file=" + stateFile);
		long[] last = new long[1];
		withFile.withInitializer((context) -> context.setId("orders")).run((first) -> {
			IdGenerator ids = first.getBean(IdGenerator.class);
			withFile.withInitializer((context) -> context.setId("billing")).run((second) -> {
				assertThat(second).hasNotFailed();
				assertThat(second.getBean(IdGenerator.class)).isSameAs(ids);
				assertThat(second.getBean(StaticWorkerLeaseStore.class).shared()).isTrue();
				assertThat(second.getBean(IdGenerator.class).nextId()).isLessThan(ids.nextId());
			});
			// The second context's close left the generator running for the first.
			last[0] = ids.nextId();
			assertThat(last[0]).isPositive();
		});
		// The last close stopped it; its successor starts above its last tick, without
		// waiting out the ceiling.
		long started = System.currentTimeMillis();
		withFile.run((again) -> {
			IdGenerator ids = again.getBean(IdGenerator.class);
			long next = ids.nextId();
			assertThat(ids.layout().decode(next).timestamp()).isAfter(ids.layout().decode(last[0]).timestamp());
		});
		assertThat(System.currentTimeMillis() - started)
			.isLessThan(LeaseTimingMapper.leaseTiming(new SnowflakeProperties(), () -> StoreTiming.NONE)
				.ceilingLead()
				.toMillis());
	}

	@Test
	void aSecondContextWithTheSameCodeAndRegionButAnotherStateFileIsRefusedNamingTheFirstAndTheProperty() {
		Path ordersFile = this.directory.resolve("orders.hwm");
		Path billingFile = this.directory.resolve("billing.hwm");
		this.runner.withPropertyValues("snowflake.worker.state-file=" + ordersFile)
			.withInitializer((context) -> context.setId("orders"))
			.run((first) -> {
				assertThat(first).hasNotFailed();
				this.runner.withPropertyValues("snowflake.worker.state-file=" + billingFile)
					.withInitializer((context) -> context.setId("billing"))
					.run((second) -> {
						FailureAnalysis analysis = analyze(second, new WorkerCodeInUseFailureAnalyzer());
						assertThat(analysis.getDescription())
							.startsWith("Static worker code and region already used "
									+ "in this JVM with other settings: static worker code 1, region 0, state file "
									+ ordersFile + " is held by application context 'orders', since ")
							.contains("and snowflake.worker.state-file is " + ordersFile + " there but " + billingFile
									+ " here.");
						assertThat(analysis.getAction()).startsWith("Set snowflake.worker.state-file to " + ordersFile
								+ " as in the first context, so that both share its generator, or give this context its "
								+ "own snowflake.worker.code (or snowflake.region).");
					});
				this.runner.withInitializer((context) -> context.setId("billing")).run((second) -> {
					FailureAnalysis analysis = analyze(second, new WorkerCodeInUseFailureAnalyzer());
					assertThat(analysis.getDescription())
						.contains("snowflake.worker.state-file is " + ordersFile + " there but none here.");
				});
				this.runner.withPropertyValues("snowflake.region=1")
					.run((otherRegion) -> assertThat(otherRegion.getBean(IdGenerator.class).nextId()).isPositive());
				this.runner.withPropertyValues("snowflake.worker.code=2")
					.run((otherCode) -> assertThat(otherCode.getBean(IdGenerator.class).nextId()).isPositive());
			});
		assertThat(billingFile).doesNotExist();
		// Closing the first context released the code.
		this.runner.run((again) -> assertThat(again.getBean(IdGenerator.class).nextId()).isPositive());
	}

	@Test
	void aSecondContextWithAnotherLayoutOrClockSettingIsRefusedNamingEachProperty() {
		this.runner.withInitializer((context) -> context.setId("orders")).run((first) -> {
			assertThat(first).hasNotFailed();
			this.runner.withPropertyValues("snowflake.layout.tick=10ms", "snowflake.clock.rollback-wait-budget=20ms")
				.run((second) -> {
					FailureAnalysis analysis = analyze(second, new WorkerCodeInUseFailureAnalyzer());
					assertThat(analysis.getDescription()).contains("held by application context 'orders', since ")
						.contains("and snowflake.layout.tick is PT0.001S there but PT0.01S here; "
								+ "snowflake.clock.rollback-wait-budget is PT0.005S there but PT0.02S here.");
					assertThat(analysis.getAction()).startsWith("Set snowflake.layout.tick to PT0.001S as in the first "
							+ "context (and the other settings named above likewise)");
				});
			assertThat(first.getBean(IdGenerator.class).nextId()).isPositive();
		});
	}

	@Test
	void aSecondContextOnTheSameStateFileIsRefusedNamingTheFirst() {
		Path stateFile = this.directory.resolve("worker.hwm");
		ApplicationContextRunner withFile = this.runner.withPropertyValues("snowflake.worker.state-file=" + stateFile);
		withFile.withInitializer((context) -> context.setId("orders")).run((first) -> {
			assertThat(first).hasNotFailed();
			withFile.withPropertyValues("snowflake.worker.code=2").run((second) -> {
				FailureAnalysis analysis = analyze(second, new StateFileFailureAnalyzer());
				assertThat(analysis.getDescription()).startsWith("The worker state file " + stateFile
						+ " (snowflake.worker.state-file) is in use by this JVM (application context 'orders', since ")
					.contains("issue the same IDs");
				assertThat(analysis.getAction())
					.contains("its own snowflake.worker.code and snowflake.worker.state-file");
			});
		});
		withFile.withPropertyValues("snowflake.worker.code=2")
			.run((afterwards) -> assertThat(afterwards).hasNotFailed());
	}

	@Test
	void theDomainIsTheStateFileCodeAndRegion() {
		Path stateFile = this.directory.resolve("worker.hwm");
		this.runner.withPropertyValues("snowflake.worker.state-file=" + stateFile, "snowflake.region=2")
			.run((context) -> assertThat(context.getBean(UniquenessDomain.class))
				.isEqualTo(UniquenessDomain.staticCode(stateFile, 1, 2))
				.isEqualTo(context.getBean(StaticWorkerLeaseStore.class).domain())
				.hasToString("static worker code 1, region 2, state file " + stateFile));
	}

	@Test
	void aMissingStateFileIsCreatedAndTheLogNamesTheDomain(CapturedOutput output) {
		Path stateFile = this.directory.resolve("volume/worker.hwm");
		this.runner.withPropertyValues("snowflake.worker.state-file=" + stateFile).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(stateFile).exists();
			// lease events reach the log on the keeper's event thread, after the context
			// started
			Polling.await("the acquisition and the missing file logged", Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output)
					.contains("Acquired worker code 1 (generation 0) in region 0; IDs are unique within the "
							+ "domain [static worker code 1, region 0, state file " + stateFile + "]")
					.contains("Worker state file " + stateFile + " does not exist: worker code 1 starts without a "
							+ "high-water mark")
					.contains("snowflake.worker.state-file-must-exist=true"));
		});
	}

	@Test
	void aMissingStateFileThatMustExistFailsNamingTheFileAndTheProperty() {
		Path stateFile = this.directory.resolve("unmounted/worker.hwm");
		this.runner
			.withPropertyValues("snowflake.worker.state-file=" + stateFile,
					"snowflake.worker.state-file-must-exist=true")
			.run((context) -> {
				FailureAnalysis analysis = analyze(context, new StateFileFailureAnalyzer());
				assertThat(analysis.getDescription())
					.isEqualTo("The worker state file " + stateFile + " does not exist, "
							+ "and snowflake.worker.state-file-must-exist=true forbids starting without it: the code's "
							+ "high-water mark would be unknown, and an earlier run's IDs could be issued again.");
				assertThat(analysis.getAction())
					.startsWith("Check that the volume holding " + stateFile.getParent() + " is mounted")
					.contains("snowflake.worker.state-file-must-exist=false, which creates it");
			});
		assertThat(stateFile.getParent()).doesNotExist();
	}

	@Test
	void aCorruptStateFileFailsNamingTheFileAndTheFix() throws Exception {
		Path stateFile = Files.writeString(this.directory.resolve("worker.hwm"), "17960400000OO\n");
		this.runner.withPropertyValues("snowflake.worker.state-file=" + stateFile).run((context) -> {
			FailureAnalysis analysis = analyze(context, new StateFileFailureAnalyzer());
			assertThat(analysis.getDescription()).isEqualTo("The worker state file is damaged: worker state file "
					+ stateFile + " does not hold a high-water mark (milliseconds since 1970) but '17960400000OO'. "
					+ "Without the mark the generator cannot tell which timestamps an earlier run of this worker code "
					+ "already used.");
			assertThat(analysis.getAction()).startsWith("Restore " + stateFile + " from a backup.")
				.doesNotContain("Redis");
		});
	}

	@Test
	void aMarkNearLongMaxValueFailsAsOutOfRangeInsteadOfOverflowing() throws Exception {
		Path stateFile = Files.writeString(this.directory.resolve("worker.hwm"), (Long.MAX_VALUE - 1000) + "\n");
		this.runner.withPropertyValues("snowflake.worker.state-file=" + stateFile).run((context) -> {
			FailureAnalysis analysis = analyze(context, new StateFileFailureAnalyzer());
			assertThat(analysis.getDescription()).startsWith("The worker state file holds an impossible high-water "
					+ "mark: worker state file " + stateFile + " holds the high-water mark " + (Long.MAX_VALUE - 1000)
					+ ", which is not a time between 1970 and 9999 in milliseconds.");
			assertThat(analysis.getAction()).startsWith("Restore " + stateFile + " from a backup.");
		});
	}

	@Test
	void anUnreadableStateFileFailsNamingTheFileAndTheFix() throws Exception {
		Path stateFile = Files.createDirectories(this.directory.resolve("worker.hwm"));
		this.runner.withPropertyValues("snowflake.worker.state-file=" + stateFile).run((context) -> {
			FailureAnalysis analysis = analyze(context, new StateFileFailureAnalyzer());
			assertThat(analysis.getDescription()).startsWith("The worker state file " + stateFile
					+ " (snowflake.worker.state-file) cannot be used: cannot read worker state file " + stateFile);
			assertThat(analysis.getAction())
				.startsWith("Give the application's user read and write access to " + this.directory)
				.doesNotContain("Redis");
		});
	}

	static FailureAnalysis analyze(AssertableApplicationContext context, FailureAnalyzer analyzer) {
		assertThat(context).hasFailed();
		FailureAnalysis analysis = analyzer.analyze(context.getStartupFailure());
		assertThat(analysis).as("analysis of %s", context.getStartupFailure()).isNotNull();
		return analysis;
	}

}
