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
 * What a native image needs from the starter, registered through {@code META-INF/spring/aot.factories} as
 * Spring's AOT processing finds it: the Lua scripts, the reflectively created Hibernate generator and the
 * endpoint's response bodies.
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
			.onMethodInvocation(SnowflakeEndpoint.DecodedIdDescriptor.class.getMethod("timestamp"))).accepts(this.hints);
	}

}
