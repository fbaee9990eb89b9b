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
package dev.snowflakeid.autoconfigure;

import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.Period;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.snowflakeid.jackson.autoconfigure.SnowflakeJacksonProperties;
import dev.snowflakeid.jdbc.lease.autoconfigure.SnowflakeJdbcLeaseProperties;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisProperties;
import dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdProperties;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.BeanWrapper;
import org.springframework.beans.PropertyAccessorFactory;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.convert.PeriodStyle;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata every module generates (what IDEs complete) against its
 * properties classes themselves ({@link SnowflakeProperties},
 * {@code snowflake.worker.redis}, {@code snowflake.worker.jdbc},
 * {@code snowflake.jackson}, {@code snowflake.public-ids}): every property is described,
 * carries the default the class really has (none where the class has none or an empty
 * map), enum properties list every value as a hint, and no key is described that the
 * class lacks.
 */
class SnowflakePropertiesMetadataTests {

	private static final String PREFIX = ConfigurationMetadata.PREFIX;

	private final JsonNode metadata = ConfigurationMetadata.readAll();

	private final Map<String, Object> defaults = new LinkedHashMap<>();

	private final Map<String, Class<?>> types = new LinkedHashMap<>();

	SnowflakePropertiesMetadataTests() {
		collect(PREFIX, new SnowflakeProperties(), SnowflakeProperties.class, this.defaults, this.types);
		collect(PREFIX + ".worker.redis", new SnowflakeRedisProperties(), SnowflakeRedisProperties.class, this.defaults,
				this.types);
		collect(PREFIX + ".jackson", new SnowflakeJacksonProperties(), SnowflakeJacksonProperties.class, this.defaults,
				this.types);
		collect(PREFIX + ".format", new SnowflakeFormatProperties(), SnowflakeFormatProperties.class, this.defaults,
				this.types);
		collect(PREFIX + ".public-ids", new SnowflakePublicIdProperties(), SnowflakePublicIdProperties.class,
				this.defaults, this.types);
		collect(PREFIX + ".worker.jdbc", new SnowflakeJdbcLeaseProperties(), SnowflakeJdbcLeaseProperties.class,
				this.defaults, this.types);
		// unset, it selects the default allocator (or the in-memory one in a test slice):
		// IDEs show that default
		this.defaults.put(PREFIX + ".worker.allocator", SnowflakeProperties.Allocator.DEFAULT);
	}

	@Test
	void everyPropertyIsDescribed() {
		List<String> undescribed = new ArrayList<>();
		for (String name : this.defaults.keySet()) {
			JsonNode property = property(name);
			String description = (property != null && property.has("description"))
					? property.get("description").asString() : "";
			if (description.isBlank() || !description.endsWith(".")) {
				undescribed.add(name);
			}
		}
		assertThat(undescribed).as("properties without a one-sentence description").isEmpty();
	}

	@Test
	void everyDefaultIsTheOneTheClassHas() {
		Map<String, String> wrong = new LinkedHashMap<>();
		this.defaults.forEach((name, expected) -> {
			JsonNode property = property(name);
			JsonNode declared = (property != null) ? property.get("defaultValue") : null;
			if (!sameDefault(expected, declared)) {
				wrong.put(name, "class " + expected + ", metadata " + declared);
			}
		});
		assertThat(wrong).as("defaults missing from the metadata or different from the class").isEmpty();
	}

	@Test
	void enumPropertiesHintEveryValue() {
		Set<String> enumProperties = new TreeSet<>();
		this.types.forEach((name, type) -> {
			if (type.isEnum()) {
				enumProperties.add(name);
				TreeSet<String> hinted = new TreeSet<>();
				for (JsonNode hint : this.metadata.path("hints")) {
					if (hint.get("name").asString().equals(name)) {
						hint.get("values").forEach((v) -> hinted.add(v.get("value").asString()));
					}
				}
				TreeSet<String> values = new TreeSet<>();
				for (Object constant : type.getEnumConstants()) {
					values.add(kebab((Enum<?>) constant));
				}
				assertThat(hinted).as("hints of %s", name).isEqualTo(values);
			}
		});
		assertThat(enumProperties).as("enum properties checked")
			.containsExactly(PREFIX + ".format.string", PREFIX + ".jackson.write-as", PREFIX + ".layout.preset",
					PREFIX + ".sequence.start", PREFIX + ".worker.allocator",
					PREFIX + ".worker.jdbc.format-coexistence", PREFIX + ".worker.jdbc.initialize-schema",
					PREFIX + ".worker.redis.format-coexistence");
	}

	@Test
	void theRemovedMinReplicasKeyNamesItsReplacement() {
		JsonNode deprecation = property(PREFIX + ".worker.redis.min-replicas").get("deprecation");
		assertThat(deprecation.get("level").asString()).isEqualTo("error");
		assertThat(deprecation.get("replacement").asString()).isEqualTo(PREFIX + ".worker.redis.replicas");
		assertThat(this.defaults).containsKey(PREFIX + ".worker.redis.replicas");
	}

	@Test
	void noKeyIsDescribedThatTheClassLacks() {
		List<String> orphans = new ArrayList<>();
		for (JsonNode property : this.metadata.get("properties")) {
			String name = property.get("name").asString();
			// a removed key stays described (deprecation level error) so that IDEs name
			// its replacement
			JsonNode level = property.path("deprecation").get("level");
			boolean removed = level != null && "error".equals(level.asString());
			if (name.startsWith(PREFIX + ".") && !this.defaults.containsKey(name) && !removed) {
				orphans.add(name);
			}
		}
		assertThat(orphans).isEmpty();
	}

	private JsonNode property(String name) {
		for (JsonNode property : this.metadata.get("properties")) {
			if (property.get("name").asString().equals(name)) {
				return property;
			}
		}
		return null;
	}

	private static boolean sameDefault(Object expected, JsonNode declared) {
		if ((expected instanceof Map<?, ?> map && map.isEmpty())
				|| (expected instanceof Collection<?> collection && collection.isEmpty())) {
			expected = null;
		}
		if (expected == null || declared == null || declared.isNull()) {
			return expected == null && (declared == null || declared.isNull());
		}
		String text = declared.isString() ? declared.asString() : declared.toString();
		if (expected instanceof Duration duration) {
			return DurationStyle.detectAndParse(text).equals(duration);
		}
		if (expected instanceof Period period) {
			return PeriodStyle.detectAndParse(text).equals(period);
		}
		if (expected instanceof Instant instant) {
			return Instant.parse(text).equals(instant);
		}
		if (expected instanceof Enum<?> constant) {
			return kebab(constant).equals(text);
		}
		return String.valueOf(expected).equals(text);
	}

	private static String kebab(Enum<?> constant) {
		return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/**
	 * Whether {@code type} is declared inside {@code outer}, directly or within another
	 * nested class.
	 */
	private static boolean nestedIn(Class<?> type, Class<?> outer) {
		for (Class<?> enclosing = type.getEnclosingClass(); enclosing != null; enclosing = enclosing
			.getEnclosingClass()) {
			if (enclosing == outer) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Leaf properties of {@code bean} by metadata name: a fresh instance's values into
	 * {@code defaults}, the declared types (an enum property whose default is null
	 * included) into {@code types}.
	 */
	private static void collect(String prefix, Object bean, Class<?> root, Map<String, Object> defaults,
			Map<String, Class<?>> types) {
		BeanWrapper wrapper = PropertyAccessorFactory.forBeanPropertyAccess(bean);
		for (PropertyDescriptor descriptor : wrapper.getPropertyDescriptors()) {
			if (descriptor.getReadMethod() == null || descriptor.getName().equals("class")) {
				continue;
			}
			String name = prefix + "." + kebab(descriptor.getName());
			Object value = wrapper.getPropertyValue(descriptor.getName());
			Field field = ReflectionUtils.findField(bean.getClass(), descriptor.getName());
			boolean nestedGroup = field != null && field.isAnnotationPresent(NestedConfigurationProperty.class);
			if ((nestedGroup || nestedIn(descriptor.getPropertyType(), root))
					&& !descriptor.getPropertyType().isEnum()) {
				collect(name, value, root, defaults, types);
			}
			else {
				defaults.put(name, value);
				types.put(name, descriptor.getPropertyType());
			}
		}
	}

	private static String kebab(String camel) {
		return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
	}

}
