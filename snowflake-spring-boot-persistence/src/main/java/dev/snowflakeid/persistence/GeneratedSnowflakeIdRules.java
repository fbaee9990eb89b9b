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
package dev.snowflakeid.persistence;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;

import org.springframework.lang.Contract;

/**
 * The rules every integration of {@link GeneratedSnowflakeId} (the Hibernate generator,
 * the Spring Data callbacks, the MyBatis interceptor) applies to an annotated attribute,
 * and their wording, in one place.
 */
public final class GeneratedSnowflakeIdRules {

	private GeneratedSnowflakeIdRules() {
	}

	/**
	 * Whether the attribute holds its ID as text ({@code String}) rather than as a
	 * number.
	 * @param attribute the attribute, {@code EntityClass.attribute}, for the message
	 * @throws IllegalArgumentException naming the attribute unless it is {@code Long},
	 * {@code long} or {@code String}
	 */
	public static boolean holdsText(String attribute, Class<?> type) {
		if (type == Long.class || type == Long.TYPE) {
			return false;
		}
		if (type == String.class) {
			return true;
		}
		throw new IllegalArgumentException(
				"@GeneratedSnowflakeId " + attribute + " must be Long, long or String but is " + type.getName());
	}

	/**
	 * Whether {@code value} leaves the attribute to be assigned: {@code null}, {@code 0}
	 * or empty text.
	 */
	@Contract("null -> true")
	public static boolean isUnassigned(@Nullable Object value) {
		return value == null || (value instanceof Long id && id == 0L)
				|| (value instanceof String text && text.isEmpty());
	}

	/**
	 * The ID in the attribute's form, decimal digits for text.
	 * @deprecated since 0.2.0 in favour of
	 * {@link #inForm(long, boolean, IdFormats.Form)}, which writes text in the configured
	 * string form
	 */
	@Deprecated(since = "0.2.0")
	public static Object inForm(long id, boolean text) {
		return inForm(id, text, IdFormats.Form.DECIMAL);
	}

	/**
	 * The ID in the attribute's form: the number itself, or for text the ID written in
	 * {@code form} ({@code snowflake.format.string}, given by the
	 * {@link GeneratedSnowflakeIdForm} bean), so that a {@code String} column holds IDs
	 * as JSON and URLs show them; the padded forms sort as the numbers do.
	 */
	public static Object inForm(long id, boolean text, IdFormats.Form form) {
		return text ? form.format(id) : id;
	}

	/**
	 * The failure when the application context has no single {@link IdGenerator} bean.
	 */
	public static MissingIdGeneratorException noSingleGenerator(String attribute) {
		return new MissingIdGeneratorException(attribute,
				"no single bean of type " + IdGenerator.class.getName() + " in the application context");
	}

	/**
	 * The failure when {@link GeneratedSnowflakeId#generator()} names no
	 * {@link IdGenerator} bean.
	 */
	public static MissingIdGeneratorException noNamedGenerator(String attribute, String generator) {
		return new MissingIdGeneratorException(attribute,
				"no bean of type " + IdGenerator.class.getName() + " is named '" + generator
						+ "'; declare the generator with snowflake.generators." + generator
						+ ".region, or correct @GeneratedSnowflakeId(generator = \"" + generator + "\")");
	}

	/**
	 * The generator that {@link GeneratedSnowflakeId#generator()} names: the
	 * {@link IdGenerator} bean of that name.
	 * @param attribute the attribute, {@code EntityClass.attribute}, for the message
	 * @param beans where the bean is looked up, or {@code null} for an integration that
	 * takes only the application's generator
	 * @throws MissingIdGeneratorException naming the attribute and the generator when
	 * there is no such bean, or no bean factory to take it from
	 */
	public static IdGenerator named(String attribute, String generator, @Nullable BeanFactory beans) {
		if (beans == null) {
			throw new MissingIdGeneratorException(attribute, "@GeneratedSnowflakeId(generator = \"" + generator
					+ "\") names a generator, and this integration takes only the application's IdGenerator");
		}
		try {
			return beans.getBean(generator, IdGenerator.class);
		}
		catch (NoSuchBeanDefinitionException ex) {
			throw noNamedGenerator(attribute, generator);
		}
	}

}
