package dev.snowflakeid.autoconfigure.openapi;

import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.openapi.LongBodiesOperationCustomizer;
import dev.snowflakeid.openapi.SnowflakeIdParameterCustomizer;
import dev.snowflakeid.openapi.SnowflakeIdPropertyCustomizer;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the springdoc-openapi customizers that document Snowflake IDs as digit strings, as
 * the Jackson modules write them. Configured when springdoc-openapi is on the classpath; nothing is
 * configured when {@code snowflake.enabled} or {@code snowflake.jackson.enabled} is {@code false}, since IDs
 * are then written as numbers. With {@code snowflake.jackson.write-all-longs-as-strings} every other
 * {@code long} of a JSON body is documented as a string too, as the Jackson modules then write it.
 */
@AutoConfiguration
@ConditionalOnClass(name = "org.springdoc.core.customizers.PropertyCustomizer")
@ConditionalOnBooleanProperty(name = { "snowflake.enabled", "snowflake.jackson.enabled" }, matchIfMissing = true)
@EnableConfigurationProperties(SnowflakeProperties.class)
public final class SnowflakeOpenApiAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SnowflakeIdPropertyCustomizer snowflakeIdPropertyCustomizer(SnowflakeProperties properties) {
		return new SnowflakeIdPropertyCustomizer(properties.getJackson().isWriteAllLongsAsStrings());
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeIdParameterCustomizer snowflakeIdParameterCustomizer() {
		return new SnowflakeIdParameterCustomizer();
	}

	/** Registered whatever the property says, so that AOT processing does not fix it at build time. */
	@Bean
	@ConditionalOnMissingBean
	LongBodiesOperationCustomizer snowflakeLongBodiesOperationCustomizer(SnowflakeProperties properties) {
		return new LongBodiesOperationCustomizer(properties.getJackson().isWriteAllLongsAsStrings());
	}

}
