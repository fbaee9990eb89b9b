package dev.snowflakeid.redis;

import java.io.IOException;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A web application with Actuator and the starter's Redis allocator, for {@link PatientStartupTests}: runs
 * with the arguments it is given until its standard input closes; a failed start exits with status 1 once
 * Spring Boot has printed its failure analysis.
 */
public final class PatientStartupMain {

	private PatientStartupMain() {
	}

	public static void main(String[] args) throws IOException {
		ConfigurableApplicationContext context;
		try {
			context = SpringApplication.run(Application.class, args);
		}
		catch (RuntimeException ex) {
			System.exit(1);
			return;
		}
		while (System.in.read() >= 0) {
			// run until the test closes our input
		}
		context.close();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration(excludeName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
			"org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
			"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration" })
	static class Application {

	}

}
