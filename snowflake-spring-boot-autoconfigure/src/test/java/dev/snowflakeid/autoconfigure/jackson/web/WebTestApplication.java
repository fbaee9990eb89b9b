package dev.snowflakeid.autoconfigure.jackson.web;

import java.time.Instant;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.jackson.SnowflakeJacksonAutoConfiguration;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * A small Spring MVC + JPA application with the starter's Jackson integration and its own
 * {@code IdGenerator} (worker code {@value #WORKER_CODE}, epoch 1990 so that IDs lie far above 2^53).
 */
@Configuration(proxyBeanMethods = false)
@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
		TransactionAutoConfiguration.class, JacksonAutoConfiguration.class,
		HttpMessageConvertersAutoConfiguration.class, TomcatServletWebServerAutoConfiguration.class,
		DispatcherServletAutoConfiguration.class, WebMvcAutoConfiguration.class, ErrorMvcAutoConfiguration.class,
		SnowflakeJacksonAutoConfiguration.class })
@EntityScan(basePackageClasses = WebOrder.class)
@EnableJpaRepositories(basePackageClasses = WebOrder.class)
@Import(WebOrderController.class)
public class WebTestApplication {

	public static final int WORKER_CODE = 21;

	@Bean
	SnowflakeIdGenerator idGenerator() {
		SnowflakeLayout layout = SnowflakeLayout.builder().epoch(Instant.parse("1990-01-01T00:00:00Z")).build();
		return SnowflakeIdGenerator.builder(layout).workerCode(WORKER_CODE).build();
	}

}
