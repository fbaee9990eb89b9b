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

import java.nio.file.Path;
import java.util.Map;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code snowflake.worker.allocator=kubernetes} without a cluster: the pod's environment
 * is a property source of the same kind as the process environment, holding what a
 * StatefulSet pod's environment holds.
 */
class KubernetesAllocatorTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=kubernetes");

	@TempDir
	Path directory;

	private ApplicationContextRunner pod(Map<String, Object> environment) {
		return this.runner.withPropertyValues("snowflake.worker.state-file=" + this.directory.resolve("worker.state"))
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource("pod", environment)));
	}

	@Test
	void theCodeIsTheOrdinalOfThePodName() {
		pod(Map.of("HOSTNAME", "orders-7")).run((context) -> {
			WorkerLeaseStore store = context.getBean(WorkerLeaseStore.class);
			assertThat(store.name()).isEqualTo("kubernetes");
			assertThat(((StaticWorkerLeaseStore) store).persistent()).isTrue();
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.layout().decode(ids.nextId()).worker()).isEqualTo(7);
			assertThat(context.getBean(UniquenessDomain.class).toString()).contains("static worker code 7, region 0");
		});
	}

	@Test
	void aFullyQualifiedHostNameCountsByItsFirstLabel() {
		pod(Map.of("HOSTNAME", "orders-12.orders.shop.svc.cluster.local"))
			.run((context) -> assertThat(context.getBean(StaticWorkerLeaseStore.class).workerCode()).isEqualTo(12));
	}

	@Test
	void anExplicitVariableHoldsTheOrdinalAndTheOffsetIsAdded() {
		pod(Map.of("HOSTNAME", "node-host-3", "POD_INDEX", "4"))
			.withPropertyValues("snowflake.worker.kubernetes.ordinal-variable=POD_INDEX",
					"snowflake.worker.kubernetes.code-offset=100")
			.run((context) -> assertThat(context.getBean(StaticWorkerLeaseStore.class).workerCode()).isEqualTo(104));
	}

	@Test
	void theRegionComesFromALabelThroughTheEnvironment() {
		pod(Map.of("HOSTNAME", "orders-1", "SNOWFLAKE_REGION", "2")).run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.layout().decode(ids.nextId()).region()).isEqualTo(2);
			assertThat(context.getBean(StaticWorkerLeaseStore.class).region()).isEqualTo(2);
		});
	}

	@Test
	void aPodNameWithoutAnOrdinalIsRefusedNamingTheSetting() {
		pod(Map.of("HOSTNAME", "orders-6d4cf56db6-x2x7q")).run((context) -> {
			FailureAnalysis analysis = analysis(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("Invalid Snowflake ID configuration: the kubernetes "
					+ "allocator is selected but 'orders-6d4cf56db6-x2x7q' (environment variable HOSTNAME) ends in no "
					+ "pod ordinal: it is not the name of a StatefulSet's pod (name-N) (property "
					+ "'snowflake.worker.kubernetes.ordinal-variable').");
			assertThat(analysis.getAction()).startsWith("Run the application as a StatefulSet")
				.contains("set snowflake.worker.kubernetes.ordinal-variable to a variable that holds the ordinal");
		});
		pod(Map.of("HOSTNAME", "orders"))
			.run((context) -> assertThat(analysis(context.getStartupFailure()).getDescription())
				.contains("'orders' (environment variable HOSTNAME) ends in no pod ordinal"));
	}

	@Test
	void anUnsetVariableIsRefusedNamingTheSetting() {
		pod(Map.of("HOSTNAME", "orders-1")).withPropertyValues("snowflake.worker.kubernetes.ordinal-variable=POD_INDEX")
			.run((context) -> {
				FailureAnalysis analysis = analysis(context.getStartupFailure());
				assertThat(analysis.getDescription())
					.contains("the environment variable POD_INDEX that should hold the pod name or ordinal is not set")
					.endsWith("(property 'snowflake.worker.kubernetes.ordinal-variable').");
				assertThat(analysis.getAction()).contains("apps.kubernetes.io/pod-index");
			});
	}

	@Test
	void anOrdinalOutsideTheLayoutIsRefusedNamingTheReplicasThatFit() {
		pod(Map.of("HOSTNAME", "orders-256")).run((context) -> {
			FailureAnalysis analysis = analysis(context.getStartupFailure());
			assertThat(analysis.getDescription())
				.startsWith("Invalid Snowflake ID configuration: pod ordinal 256 (HOSTNAME=orders-256) plus "
						+ "snowflake.worker.kubernetes.code-offset 0 gives worker code 256: ")
				.endsWith("(property 'snowflake.layout.worker-bits').");
			assertThat(analysis.getAction()).startsWith("Run at most 256 replicas (ordinals 0 to 255)");
		});
		pod(Map.of("HOSTNAME", "orders-0")).withPropertyValues("snowflake.worker.kubernetes.code-offset=300")
			.run((context) -> assertThat(analysis(context.getStartupFailure()).getAction())
				.isEqualTo("Set snowflake.worker.kubernetes.code-offset below 256 (2^snowflake.layout.worker-bits), "
						+ "for example 0."));
		pod(Map.of("HOSTNAME", "orders-0")).withPropertyValues("snowflake.worker.kubernetes.code-offset=-1")
			.run((context) -> assertThat(analysis(context.getStartupFailure()).getDescription())
				.endsWith("(property 'snowflake.worker.kubernetes.code-offset')."));
	}

	@Test
	void aStartWithoutAStateFileIsRefusedNamingTheSetting() {
		this.runner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource("pod", Map.of("HOSTNAME", "orders-1"))))
			.run((context) -> {
				FailureAnalysis analysis = analysis(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("no state file is configured")
					.endsWith("(property 'snowflake.worker.state-file').");
				assertThat(analysis.getAction()).isEqualTo("Set snowflake.worker.state-file to a file on the pod's "
						+ "persistent volume (a volumeClaimTemplates mount), for example /var/lib/snowflake/worker.state.");
			});
	}

	@Test
	void anExplicitCodeIsRefusedRatherThanIgnored() {
		pod(Map.of("HOSTNAME", "orders-1")).withPropertyValues("snowflake.worker.code=5")
			.run((context) -> assertThat(analysis(context.getStartupFailure()).getDescription())
				.endsWith("(property 'snowflake.worker.code')."));
	}

	@Test
	void notSelectedTheAllocatorReadsNothing() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=3",
					"snowflake.worker.kubernetes.ordinal-variable=UNSET_VARIABLE")
			.run((context) -> {
				assertThat(context).hasSingleBean(KubernetesWorkerCodeAllocator.class);
				assertThat(context.getBean(WorkerLeaseStore.class).name()).isEqualTo("static");
			});
	}

	private static FailureAnalysis analysis(Throwable failure) {
		FailureAnalysis analysis = new InvalidSnowflakeConfigurationFailureAnalyzer().analyze(failure);
		assertThat(analysis).as("analysis of %s", failure).isNotNull();
		return analysis;
	}

}
