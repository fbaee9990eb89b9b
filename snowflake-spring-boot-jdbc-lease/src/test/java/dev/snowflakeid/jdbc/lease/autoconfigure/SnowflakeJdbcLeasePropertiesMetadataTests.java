/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.jdbc.lease.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.boot.convert.DurationStyle;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code snowflake.worker.jdbc.*} property has a description and a default in the
 * generated metadata, and each default is the one the properties hold.
 */
class SnowflakeJdbcLeasePropertiesMetadataTests {

	private static String metadata() throws IOException {
		try (InputStream in = SnowflakeJdbcLeasePropertiesMetadataTests.class
			.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(in).isNotNull();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	private static String defaultOf(String json, String name) {
		List<Object> values = JsonPath.read(json, "$.properties[?(@.name == '" + name + "')].defaultValue");
		assertThat(values).as(name).hasSize(1);
		return String.valueOf(values.get(0));
	}

	@Test
	void everyPropertyIsDescribed() throws IOException {
		String json = metadata();
		List<String> names = JsonPath.read(json, "$.properties[*].name");
		List<String> described = JsonPath.read(json, "$.properties[?(@.description)].name");
		assertThat(names).isNotEmpty().containsExactlyInAnyOrderElementsOf(described);
	}

	@Test
	void defaultsAreThoseOfTheProperties() throws IOException {
		String json = metadata();
		SnowflakeJdbcLeaseProperties properties = new SnowflakeJdbcLeaseProperties();
		assertThat(DurationStyle.detectAndParse(defaultOf(json, "snowflake.worker.jdbc.command-timeout")))
			.isEqualTo(properties.getCommandTimeout());
		assertThat(DurationStyle.detectAndParse(defaultOf(json, "snowflake.worker.jdbc.connect-timeout")))
			.isEqualTo(properties.getConnectTimeout());
		assertThat(defaultOf(json, "snowflake.worker.jdbc.namespace")).isEqualTo(properties.getNamespace());
		assertThat(defaultOf(json, "snowflake.worker.jdbc.table")).isEqualTo(properties.getTable());
		assertThat(defaultOf(json, "snowflake.worker.jdbc.initialize-schema"))
			.isEqualToIgnoringCase(properties.getInitializeSchema().name());
	}

}
