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

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeId;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;

/**
 * Assigns a {@code Long}, {@code long} or {@code String} attribute from the application's
 * {@link IdGenerator} bean, or the one {@link #generator()} names, when the entity is
 * inserted.
 *
 * <pre class="code">
 * &#64;Entity
 * class Order {
 *     &#64;Id &#64;GeneratedSnowflakeId
 *     Long id;
 * }
 * </pre>
 *
 * <p>
 * With Hibernate, on an {@code @Id} attribute it selects the id generator, and on any
 * other attribute it generates the column's value once, on insert, unless the attribute
 * already holds a value (not {@code null}, {@code 0} or empty). The generator takes the
 * {@code IdGenerator} bean of the same application context through Hibernate's bean
 * container (Spring Boot configures Spring's {@code SpringBeanContainer}), so IDs carry
 * that context's worker lease. Startup fails with {@link MissingIdGeneratorException}
 * when there is no such bean. The ID is assigned before the {@code INSERT}, so JDBC batch
 * inserts keep working.
 *
 * <p>
 * A caller-set id is not kept: as with any generated id, an entity whose id is set is not
 * new to JPA, so {@code persist} rejects it as detached ({@code EntityExistsException})
 * and Spring Data's {@code save} merges it, which fails when no such row exists. To
 * choose IDs yourself, call {@link IdGenerator#nextId()} and map a plain {@code @Id}
 * without this annotation.
 *
 * <p>
 * With Spring Data JDBC, R2DBC and MongoDB the starter's {@code BeforeConvertCallback}s,
 * and with MyBatis its {@code SnowflakeIdInterceptor}, assign annotated attributes that
 * are {@code null}, {@code 0} or empty and keep values the caller set; Hibernate is not
 * needed then. Which module does what, and the tests that prove it:
 * {@code docs/integrations.md}.
 *
 * <p>
 * A {@code String} attribute gets the ID in the configured string form
 * ({@code snowflake.format.string}: decimal by default, or zero-padded base62 or
 * Crockford base32), the form JSON and request paths use, taken once from the
 * {@link GeneratedSnowflakeIdForm} bean; one form per application, so that an ID reads
 * the same in the database as at the API
 * ({@code docs/integrations.md#string-attributes}).
 *
 * <p>
 * A generated ID is unique, not idempotent: a retried request that persists again gets a
 * new ID. Keep a business key (an idempotency key, an order number from the client) with
 * a unique constraint for that.
 *
 * <p>
 * Implies {@link SnowflakeId}: the attribute is written to JSON as a string.
 */
@Target({ ElementType.FIELD, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SnowflakeId
@IdGeneratorType(SnowflakeIdentifierGenerator.class)
@ValueGenerationType(generatedBy = SnowflakeIdentifierGenerator.class)
public @interface GeneratedSnowflakeId {

	/**
	 * Name of the generator that assigns the attribute: the {@code IdGenerator} bean of
	 * that name, such as a named generator of {@code snowflake.generators.<name>.*}.
	 * Empty, the default, takes the application's (primary) {@code IdGenerator}. A name
	 * without such a bean fails with {@link MissingIdGeneratorException} naming it: at
	 * startup with Hibernate, at the first insert with the Spring Data callbacks. Two
	 * generators whose IDs land in one table are the application's choice; named
	 * generators of one application never issue the same ID.
	 */
	String generator() default "";

}
