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
package dev.snowflakeid.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.PropertyMapping;

/**
 * Gives a test the application's {@code IdGenerator} with no Redis: worker codes come
 * from an in-memory allocator, each application context with a code of its own (or
 * {@link #workerCode()}), and the starter's generator, Jackson and JDBC
 * auto-configurations are imported, so it also works inside test slices. Everything else
 * (layout, epoch, region, clock policies) is the application's configuration;
 * {@link #clock()} fixes the clock for reproducible IDs.
 *
 * <pre class="code">
 * &#64;SpringBootTest
 * &#64;AutoConfigureSnowflake
 * class OrdersTests { ... }
 * </pre>
 *
 * <p>
 * Equivalent to {@code snowflake.worker.allocator=in-memory}. {@code @DataJpaTest} and
 * {@code @DataJdbcTest} need neither: with this library on the test classpath they
 * include the generator and use the in-memory allocator unless the application chose an
 * allocator itself.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
@PropertyMapping("snowflake")
public @interface AutoConfigureSnowflake {

	/**
	 * Worker-code allocator for the test; {@code in-memory} (no Redis) unless the test
	 * asks for another.
	 * @return the allocator, as {@code snowflake.worker.allocator}
	 */
	@PropertyMapping("worker.allocator")
	String allocator() default "in-memory";

	/**
	 * Worker code all IDs carry, below 2^{@code snowflake.layout.worker-bits}; the
	 * default ({@code -1}) gives each application context a code of its own, so contexts
	 * cached side by side never share one.
	 * @return the code, as {@code snowflake.worker.code}
	 */
	@PropertyMapping(value = "worker.code", skip = PropertyMapping.Skip.ON_DEFAULT_VALUE)
	int workerCode() default -1;

	/**
	 * Fixed instant every ID carries, as an ISO-8601 instant such as
	 * {@code 2026-06-01T00:00:00Z}, for IDs that are the same in every run (with a fixed
	 * {@link #workerCode()}): the n-th ID of a context has sequence n. A fixed clock
	 * never reaches the next tick, so at most 2^{@code snowflake.layout.sequence-bits}
	 * IDs per context; the next is refused at once. The default ({@code ""}) keeps the
	 * system clock.
	 * @return the instant, as {@code snowflake.test.clock}
	 */
	@PropertyMapping(value = "test.clock", skip = PropertyMapping.Skip.ON_DEFAULT_VALUE)
	String clock() default "";

}
