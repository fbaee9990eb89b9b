package dev.snowflakeid.test.app;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.snowflakeid.IdGenerator;
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
 * A JPA application that adds the starter does not scan for Spring Data Redis repositories: the starter
 * brings Spring Data Redis for its lease connection only, so nothing asks the application's JPA
 * repositories whether they are meant for Redis.
 *
 * <p>One INFO line remains, and it is pinned here so that the README's explanation stays true: Spring Data
 * Commons enters strict repository configuration mode, and says so, whenever more than one jar on the class
 * path declares a {@code RepositoryFactorySupport} in {@code META-INF/spring.factories}. Spring Data Redis and
 * Spring Data KeyValue (which it needs) declare one each, whether their repositories are enabled or not. An
 * application on the static allocator may leave both out, and then the line is gone.
 */
@ExtendWith(OutputCaptureExtension.class)
class QuietAdoptionTests {

	private static final String STORE_ASSIGNMENT = "Could not safely identify store assignment";

	private static final String STRICT_MODE = "Multiple Spring Data modules found, entering strict repository "
			+ "configuration mode";

	/**
	 * What the application leaves out: the starter's spring-boot-starter-data-redis with all it brings, and
	 * Spring Data JDBC, which is on this module's class path for another test application only.
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
	void withoutSpringDataRedisTheStaticAllocatorStartsWithoutTheStrictModeLine(@TempDir Path directory)
			throws Exception {
		String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
			.filter((entry) -> LEFT_OUT.stream().noneMatch((artifactId) -> isJarOf(entry, artifactId)))
			.collect(Collectors.joining(File.pathSeparator));
		Path log = directory.resolve("orders.log");
		Process child = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx256m", "-cp", classPath, QuietAdoptionTests.class.getName(), "--snowflake.worker.allocator=static",
				"--snowflake.worker.code=3"))
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		try {
			assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the application ran and stopped").isTrue();
		}
		finally {
			child.destroyForcibly();
		}
		String output = Files.readString(log);
		assertThat(child.exitValue()).as(output).isZero();
		assertThat(output).contains("Bootstrapping Spring Data JPA repositories")
			.contains("Issued an ID with worker code 3")
			.doesNotContain(STRICT_MODE)
			.doesNotContain(STORE_ASSIGNMENT);
	}

	/** The application of {@link #withoutSpringDataRedisTheStaticAllocatorStartsWithoutTheStrictModeLine}. */
	public static void main(String[] args) {
		run(args);
	}

	private static boolean isJarOf(String classPathEntry, String artifactId) {
		return Path.of(classPathEntry).getFileName().toString().matches(artifactId + "-[0-9].*\\.jar");
	}

	private static void run(String... arguments) {
		SpringApplication application = new SpringApplication(OrdersApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.setDefaultProperties(Map.of("snowflake.worker.allocator", "in-memory",
				"spring.main.banner-mode", "off"));
		try (ConfigurableApplicationContext context = application.run(arguments)) {
			assertThat(context.getBean(PurchaseOrderRepository.class)).isNotNull();
			IdGenerator ids = context.getBean(IdGenerator.class);
			System.out.println("Issued an ID with worker code " + ids.decode(ids.nextId()).worker());
		}
	}

}
