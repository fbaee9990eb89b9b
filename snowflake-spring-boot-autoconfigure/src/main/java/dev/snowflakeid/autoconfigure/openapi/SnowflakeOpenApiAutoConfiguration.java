package dev.snowflakeid.autoconfigure.openapi;

import dev.snowflakeid.openapi.SnowflakeIdParameterCustomizer;
import dev.snowflakeid.openapi.SnowflakeIdPropertyCustomizer;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the springdoc-openapi customizers that document Snowflake IDs as digit strings, as
 * the Jackson modules write them. Configured when springdoc-openapi is on the classpath; nothing is
 * configured when {@code snowflake.enabled} or {@code snowflake.jackson.enabled} is {@code false}, since IDs
 * are then written as numbers.
 */
@AutoConfiguration
@ConditionalOnClass(name = "org.springdoc.core.customizers.PropertyCustomizer")
@ConditionalOnBooleanProperty(name = { "snowflake.enabled", "snowflake.jackson.enabled" }, matchIfMissing = true)
public final class SnowflakeOpenApiAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SnowflakeIdPropertyCustomizer snowflakeIdPropertyCustomizer() {
		return new SnowflakeIdPropertyCustomizer();
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeIdParameterCustomizer snowflakeIdParameterCustomizer() {
		return new SnowflakeIdParameterCustomizer();
	}

}
