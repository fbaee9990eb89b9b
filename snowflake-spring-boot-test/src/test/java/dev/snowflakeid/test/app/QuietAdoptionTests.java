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
package dev.snowflakeid.test.app;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JPA application that adds the starter does not scan for Spring Data Redis
 * repositories: the starter brings Spring Data Redis for its lease connection only, so
 * nothing asks the application's JPA repositories whether they are meant for Redis.
 *
 * <p>
 * One INFO line remains, and it is pinned here so that the README's explanation stays
 * true: Spring Data Commons enters strict repository configuration mode, and says so,
 * whenever more than one jar on the class path declares a
 * {@code RepositoryFactorySupport} in {@code META-INF/spring.factories}. Spring Data
 * Redis and Spring Data KeyValue (which it needs) declare one each, whether their
 * repositories are enabled or not. An application on the static allocator may leave both
 * out, and then the line is gone.
 */
@ExtendWith(OutputCaptureExtension.class)
class QuietAdoptionTests {

	private static final String STORE_ASSIGNMENT = "Could not safely identify store assignment";

	private static final String STRICT_MODE = "Multiple Spring Data modules found, entering strict repository "
			+ "configuration mode";

	/**
	 * What the application leaves out: the starter's spring-boot-starter-data-redis with
	 * all it brings, and Spring Data JDBC, which is on this module's class path for
	 * another test application only.
	 */
	private static final List<String> LEFT_OUT = List.of("spring-boot-starter-data-redis", "spring-boot-data-redis",
			"spring-data-redis", "spring-data-keyvalue", "lettuce-core", "spring-data-jdbc");

	@Test
	void noRedisRepositoryScanning(CapturedOutput output) {
		run();
		assertThat(output).contains("Bootstrapping Spring Data JPA repositories")
			.doesNotContain("Bootstrapping Spring Data Redis repositories")
			.doesNotContain(STORE_ASSIGNMENT)
			.contains(STRICT_MODE);
	}

	@Test
	void anApplicationThatWantsRedisRepositoriesStillGetsThem(CapturedOutput output) {
		run("--spring.data.redis.repositories.enabled=true");
		assertThat(output).contains("Bootstrapping Spring Data Redis repositories")
			.contains(STORE_ASSIGNMENT + " for repository candidate interface "
					+ PurchaseOrderRepository.class.getName());
	}

	@Test
	@RealProcesses
	void withoutSpringDataRedisTheStaticAllocatorStartsWithoutTheStrictModeLine(@TempDir Path directory) {
		String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
			.filter((entry) -> LEFT_OUT.stream().noneMatch((artifactId) -> isJarOf(entry, artifactId)))
			.collect(Collectors.joining(File.pathSeparator));
		try (JavaProcess child = JavaProcess.builder(QuietAdoptionTests.class.getName())
			.classPath(classPath)
			.jvmOptions("-Xmx256m")
			.args("--snowflake.worker.allocator=static", "--snowflake.worker.code=3")
			.start(directory.resolve("orders.log"))) {
			int status = child.awaitExit(Duration.ofSeconds(120));
			String output = child.output();
			assertThat(status).as(output).isZero();
			assertThat(output).contains("Bootstrapping Spring Data JPA repositories")
				.contains("Issued an ID with worker code 3")
				.doesNotContain(STRICT_MODE)
				.doesNotContain(STORE_ASSIGNMENT);
		}
	}

	/**
	 * The application of
	 * {@link #withoutSpringDataRedisTheStaticAllocatorStartsWithoutTheStrictModeLine}.
	 */
	public static void main(String[] args) {
		run(args);
	}

	private static boolean isJarOf(String classPathEntry, String artifactId) {
		return Path.of(classPathEntry).getFileName().toString().matches(artifactId + "-[0-9].*\\.jar");
	}

	private static void run(String... arguments) {
		SpringApplication application = new SpringApplication(OrdersApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application
			.setDefaultProperties(Map.of("snowflake.worker.allocator", "in-memory", "spring.main.banner-mode", "off"));
		try (ConfigurableApplicationContext context = application.run(arguments)) {
			assertThat(context.getBean(PurchaseOrderRepository.class)).isNotNull();
			IdGenerator ids = context.getBean(IdGenerator.class);
			System.out.println("Issued an ID with worker code " + ids.decode(ids.nextId()).worker());
		}
	}

}
