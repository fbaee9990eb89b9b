package dev.snowflakeid.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small order service: orders get Snowflake IDs from the starter, while an {@code Idempotency-Key}
 * header, not the ID, makes a retried request return the same order.
 */
@SpringBootApplication
public class SampleApplication {

	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(SampleApplication.class);
		application.addListeners(new EmbeddedRedisFallback());
		application.run(args);
	}

}
