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
package dev.snowflakeid;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code long}, {@code Long} or {@code String} property as a Snowflake ID.
 *
 * <p>The starter's Jackson modules write a marked property as a JSON string of decimal digits
 * ({@code "1234567890123456789"}), because JavaScript numbers are IEEE 754 doubles and round every integer
 * above 2^53 to a neighbour: a browser that parses an ID as a number silently changes it. On a container
 * property ({@code List<Long>}, {@code Set<Long>}, {@code Long[]}, {@code Map<K, Long>} values,
 * {@code Optional<Long>}) the marking applies to the elements. Reading accepts a JSON string of decimal
 * digits or a JSON integer, and rejects anything else (blank, signs, fractions, exponents, negative values,
 * values above {@link Long#MAX_VALUE}) with an error that names the property.
 *
 * <p>On a record component the marking reaches the field, the accessor and the canonical constructor's
 * parameter, so it applies when writing and when reading. It may also be used as a meta-annotation.
 *
 * <p>This annotation carries no behaviour of its own and has no dependencies; the JSON handling comes from
 * the Jackson integration when it is present.
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
		ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface SnowflakeId {

}
