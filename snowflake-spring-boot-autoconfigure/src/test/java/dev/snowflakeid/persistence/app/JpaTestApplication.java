package dev.snowflakeid.persistence.app;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * JPA application with its own {@code IdGenerator}: worker code and region from {@code test.worker-code} and
 * {@code test.region}; epoch 1990, so that IDs use the high bits of the 64-bit value.
 */
@Configuration(proxyBeanMethods = false)
@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
		TransactionAutoConfiguration.class })
@EntityScan(basePackageClasses = JpaOrder.class)
@EnableJpaRepositories(basePackageClasses = JpaOrder.class)
public class JpaTestApplication {

	public static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.epoch(java.time.Instant.parse("1990-01-01T00:00:00Z"))
		.build();

	@Bean
	SnowflakeIdGenerator idGenerator(@Value("${test.worker-code:7}") int workerCode,
			@Value("${test.region:3}") int region) {
		return SnowflakeIdGenerator.builder(LAYOUT).region(region).workerCode(workerCode).build();
	}

}
