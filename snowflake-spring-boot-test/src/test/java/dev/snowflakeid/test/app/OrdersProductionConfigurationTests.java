package dev.snowflakeid.test.app;

import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.testsupport.FreePorts;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The application's own configuration, started as in production on the same classpath as its tests (this
 * library included): without a Redis it refuses to start instead of quietly using the in-memory allocator.
 */
class OrdersProductionConfigurationTests {

	@Test
	void refusesToStartWithoutRedis() {
		int port = FreePorts.loopback();
		SpringApplication application = new SpringApplication(OrdersApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		Throwable failure = catchThrowable(
				() -> application.run("--spring.data.redis.port=" + port, "--spring.main.banner-mode=off"));
		List<Throwable> causes = new ArrayList<>();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			causes.add(cause);
		}
		assertThat(causes).as("causes of the startup failure").hasAtLeastOneElementOfType(LeaseStoreUnavailableException.class);
	}

}
