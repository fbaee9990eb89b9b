package dev.snowflakeid.autoconfigure.jdbc;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.jdbc.SnowflakeIdBeforeConvertCallback;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;

/**
 * Auto-configuration of the Spring Data JDBC callback that assigns {@code @GeneratedSnowflakeId} attributes
 * from the {@link IdGenerator} bean. Configured when Spring Data Relational is on the classpath and a
 * {@link RelationalMappingContext} bean exists (Spring Data JDBC is set up); nothing is configured when
 * {@code snowflake.enabled} is {@code false}.
 */
@AutoConfiguration(afterName = { "dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration",
		"org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration" })
@ConditionalOnClass(name = "org.springframework.data.relational.core.mapping.event.BeforeConvertCallback")
@ConditionalOnBooleanProperty(name = "snowflake.enabled", matchIfMissing = true)
public final class SnowflakeJdbcAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(RelationalMappingContext.class)
	SnowflakeIdBeforeConvertCallback snowflakeIdBeforeConvertCallback(RelationalMappingContext mappingContext,
			ObjectProvider<IdGenerator> ids) {
		return new SnowflakeIdBeforeConvertCallback(mappingContext, ids);
	}

}
