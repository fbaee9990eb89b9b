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
package dev.snowflakeid.architecture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dependency rules that Maven cannot state, checked on the compiled classes of every
 * module the starter brings: the core needs nothing but the JDK, integrations reach the
 * core only through its API, wiring and properties stay in each module's
 * {@code autoconfigure} package, and no package depends on itself in a cycle. Which
 * module may use which technology is a fact of the module POMs, not a rule here.
 */
class ArchitectureTests {

	/** The packages of {@code snowflake-core}. */
	private static final String[] CORE = { "dev.snowflakeid", "dev.snowflakeid.lease" };

	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.withImportOption((location) -> !location.contains("-tests.jar"))
		.importPackages("dev.snowflakeid");

	/** Every package of the starter is its own slice, the root package included. */
	private static final SliceAssignment PACKAGES = new SliceAssignment() {

		@Override
		public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
			return SliceIdentifier.of(javaClass.getPackageName());
		}

		@Override
		public String getDescription() {
			return "the packages of dev.snowflakeid";
		}

	};

	/**
	 * Most lines of a main class of the published and test-support modules; a
	 * {@code @ConfigurationProperties} class is exempt, as its length is one documented
	 * field and accessor pair per key.
	 */
	private static final int MAX_MAIN_CLASS_LINES = 400;

	@Test
	void noMainClassIsOverFourHundredLines() throws IOException {
		List<String> tooLong;
		try (Stream<Path> files = Files.walk(Path.of(".."))) {
			tooLong = files.filter((file) -> file.toString().endsWith(".java"))
				.filter((file) -> file.toString().contains("/src/main/java/"))
				.filter((file) -> !file.startsWith("../chaos") && !file.startsWith("../benchmarks"))
				.filter((file) -> !file.toString().contains("/target/"))
				.map(ArchitectureTests::tooLong)
				.filter((entry) -> !entry.isEmpty())
				.sorted()
				.toList();
		}
		assertThat(tooLong).isEmpty();
	}

	private static String tooLong(Path file) {
		try {
			List<String> lines = Files.readAllLines(file);
			boolean properties = lines.stream().anyMatch((line) -> line.startsWith("@ConfigurationProperties"));
			return (lines.size() > MAX_MAIN_CLASS_LINES && !properties) ? file + ": " + lines.size() + " lines" : "";
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void packagesHaveNoCycles() {
		assertThat(CLASSES.contain("dev.snowflakeid.SnowflakeIdGenerator")).isTrue();
		assertThat(CLASSES.contain("dev.snowflakeid.redis.RedisWorkerLeaseStore")).isTrue();
		slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(CLASSES);
	}

	@Test
	void theCoreNeedsNothingButTheJdk() {
		classes().that()
			.resideInAnyPackage(CORE)
			.should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage(withJdk(CORE))
			.check(CLASSES);
	}

	@Test
	void onlyAutoConfigurationReadsProperties() {
		noClasses().that()
			.resideOutsideOfPackage("..autoconfigure..")
			.should()
			.dependOnClassesThat()
			.areAnnotatedWith("org.springframework.boot.context.properties.ConfigurationProperties")
			.orShould()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.boot.context.properties..")
			.check(CLASSES);
	}

	@Test
	void componentsDoNotDependOnTheirWiring() {
		noClasses().that()
			.resideOutsideOfPackage("..autoconfigure..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("..autoconfigure..")
			.check(CLASSES);
	}

	@Test
	void springDataJdbcSupportNeedsNoHibernate() {
		assertThat(CLASSES.contain("dev.snowflakeid.jdbc.SnowflakeIdBeforeConvertCallback")).isTrue();
		noClasses().that()
			.resideInAPackage("dev.snowflakeid.jdbc..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.hibernate..", "jakarta.persistence..")
			.check(CLASSES);
	}

	@Test
	void myBatisR2dbcAndMongoDbSupportNeedNoHibernateAndNoOtherStore() {
		assertThat(CLASSES.contain("dev.snowflakeid.mybatis.SnowflakeIdInterceptor")).isTrue();
		assertThat(CLASSES.contain("dev.snowflakeid.r2dbc.SnowflakeIdR2dbcBeforeConvertCallback")).isTrue();
		assertThat(CLASSES.contain("dev.snowflakeid.mongodb.SnowflakeIdMongoBeforeConvertCallback")).isTrue();
		noClasses().that()
			.resideInAnyPackage("dev.snowflakeid.mybatis..", "dev.snowflakeid.r2dbc..", "dev.snowflakeid.mongodb..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.hibernate..", "jakarta.persistence..", "dev.snowflakeid.jdbc..")
			.check(CLASSES);
	}

	/**
	 * The public types of {@code snowflake-core}, by who needs them. A type made public,
	 * or a new public type, fails this test until it is listed here on purpose. Types
	 * that only belong with one of these are nested in it (the generator's statistics,
	 * the worker's status and shared workers, the exceptions of the lease family), which
	 * keeps this list at twenty-two.
	 */
	@Test
	void theCoreApiIsWhatApplicationsStoreAuthorsAndTheStarterNeed() {
		Set<String> application = Set.of("IdGenerator", "IdGenerationException", "SnowflakeId", "DecodedId", "PublicId",
				"IdFormats", "SnowflakeLayout");
		Set<String> storeAuthors = Set.of("lease.WorkerLeaseStore", "lease.LeaseGrant", "lease.LeaseRenewal",
				"lease.LeaseTiming", "lease.UniquenessDomain", "lease.WorkerLeaseException",
				"lease.LeaseStoreUnavailableException", "lease.SideBySideFormats");
		Set<String> staticCodes = Set.of("lease.StaticWorkerLeaseStore");
		Set<String> wiringAndObservation = Set.of("SnowflakeIdGenerator", "SnowflakeWorker", "lease.WorkerLeaseKeeper",
				"lease.WorkerLease", "lease.WorkerLeaseListener", "lease.LeaseEvent");
		Set<String> expected = new TreeSet<>();
		for (Set<String> group : List.of(application, storeAuthors, staticCodes, wiringAndObservation)) {
			group.forEach((name) -> expected.add("dev.snowflakeid." + name));
		}
		Set<String> actual = CLASSES.stream()
			.filter((javaClass) -> javaClass.isTopLevelClass()
					&& javaClass.getModifiers().contains(JavaModifier.PUBLIC))
			.filter((javaClass) -> Arrays.asList(CORE).contains(javaClass.getPackageName()))
			.map(JavaClass::getName)
			.collect(Collectors.toCollection(TreeSet::new));
		assertThat(actual).containsExactlyElementsOf(expected);
	}

	/** The core's packages, the JDK, and JSpecify's nullness annotations (no code). */
	private static String[] withJdk(String[] packages) {
		String[] allowed = Arrays.copyOf(packages, packages.length + 2);
		allowed[packages.length] = "java..";
		allowed[packages.length + 1] = "org.jspecify.annotations..";
		return allowed;
	}

}
