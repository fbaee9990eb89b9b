package dev.snowflakeid.test.app;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

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
 */
@ExtendWith(OutputCaptureExtension.class)
class QuietAdoptionTests {

	private static final String STORE_ASSIGNMENT = "Could not safely identify store assignment";

	@Test
	void noRedisRepositoryScanning(CapturedOutput output) {
		run();
		assertThat(output).contains("Bootstrapping Spring Data JPA repositories")
			.doesNotContain("Bootstrapping Spring Data Redis repositories")
			.doesNotContain(STORE_ASSIGNMENT);
	}

	@Test
	void anApplicationThatWantsRedisRepositoriesStillGetsThem(CapturedOutput output) {
		run("--spring.data.redis.repositories.enabled=true");
		assertThat(output).contains("Bootstrapping Spring Data Redis repositories")
			.contains(STORE_ASSIGNMENT + " for repository candidate interface "
					+ PurchaseOrderRepository.class.getName());
	}

	private static void run(String... arguments) {
		SpringApplication application = new SpringApplication(OrdersApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.setDefaultProperties(Map.of("snowflake.worker.allocator", "in-memory",
				"spring.main.banner-mode", "off"));
		try (ConfigurableApplicationContext context = application.run(arguments)) {
			assertThat(context.getBean(PurchaseOrderRepository.class)).isNotNull();
		}
	}

}
