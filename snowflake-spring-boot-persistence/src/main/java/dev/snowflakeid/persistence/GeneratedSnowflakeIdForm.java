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

/**
 * The string form in which {@link GeneratedSnowflakeId} fills {@code String} attributes,
 * as a bean: the persistence auto-configuration defines it from
 * {@code snowflake.format.string}, and the Hibernate generator, the Spring Data callbacks
 * and the MyBatis interceptor each take it once, when they are created. Without the bean
 * (Hibernate outside Spring, a context without the auto-configuration) text attributes
 * get decimal digits.
 *
 * <p>
 * The form is chosen once per application, not per attribute, so that a stored ID reads
 * the same as in JSON, request paths and the endpoint. Changing it on a live database
 * leaves the rows written before in the former form.
 *
 * @param form the form of text attributes
 */
public record GeneratedSnowflakeIdForm(IdFormats.Form form) {

	/** Decimal digits, the form when nothing is configured. */
	public static final GeneratedSnowflakeIdForm DECIMAL = new GeneratedSnowflakeIdForm(IdFormats.Form.DECIMAL);

}
