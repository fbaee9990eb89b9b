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

import java.io.IOException;

import dev.snowflakeid.actuate.SnowflakeEndpoint;
import dev.snowflakeid.persistence.SnowflakeIdentifierGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a native image needs from the starter, registered through
 * {@code META-INF/spring/aot.factories} as Spring's AOT processing finds it: the Lua
 * scripts, the reflectively created Hibernate generator and the endpoint's response
 * bodies.
 */
class SnowflakeRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	@BeforeEach
	void registerAsAotProcessingDoes() {
		ClassLoader classLoader = getClass().getClassLoader();
		AotServices.factories(classLoader)
			.load(RuntimeHintsRegistrar.class)
			.forEach((registrar) -> registrar.registerHints(this.hints, classLoader));
	}

	@Test
	void leaseScriptsAreResources() throws IOException {
		Resource[] scripts = new PathMatchingResourcePatternResolver(getClass().getClassLoader())
			.getResources("classpath*:dev/snowflakeid/redis/*.lua");
		assertThat(scripts).isNotEmpty();
		for (Resource script : scripts) {
			assertThat(RuntimeHintsPredicates.resource().forResource("dev/snowflakeid/redis/" + script.getFilename()))
				.as(script.getFilename())
				.accepts(this.hints);
		}
	}

	@Test
	void hibernateGeneratorCanBeCreatedReflectively() {
		assertThat(RuntimeHintsPredicates.reflection()
			.onType(SnowflakeIdentifierGenerator.class)
			.withMemberCategory(MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS)).accepts(this.hints);
	}

	@Test
	void endpointResponseBodiesCanBeWritten() throws NoSuchMethodException {
		assertThat(RuntimeHintsPredicates.reflection().onType(SnowflakeEndpoint.SnowflakeDescriptor.class))
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onType(SnowflakeEndpoint.LayoutDescriptor.class))
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onMethodInvocation(SnowflakeEndpoint.DecodedIdDescriptor.class.getMethod("timestamp")))
			.accepts(this.hints);
	}

}
