package dev.snowflakeid.test.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small order service using the starter the way an application does: JPA entities with
 * {@code @GeneratedSnowflakeId}, a controller writing IDs to JSON, Redis as the worker-code allocator.
 */
@SpringBootApplication(
		excludeName = "org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration")
public class OrdersApplication {

	public static void main(String[] args) {
		SpringApplication.run(OrdersApplication.class, args);
	}

}
