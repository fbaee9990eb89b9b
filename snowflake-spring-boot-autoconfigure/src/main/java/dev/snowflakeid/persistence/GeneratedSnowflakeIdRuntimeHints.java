package dev.snowflakeid.persistence;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * Hibernate creates the generator behind {@link GeneratedSnowflakeId} reflectively, through its public
 * no-argument constructor, after reading the annotation's {@code @IdGeneratorType}; both need reflection in a
 * native image. Named by type reference, so that nothing loads Hibernate where it is absent.
 */
class GeneratedSnowflakeIdRuntimeHints implements RuntimeHintsRegistrar {

	static final String GENERATOR = "dev.snowflakeid.persistence.SnowflakeIdentifierGenerator";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		if (!ClassUtils.isPresent("org.hibernate.generator.BeforeExecutionGenerator", classLoader)) {
			return;
		}
		hints.reflection()
			.registerType(TypeReference.of(GENERATOR), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS,
					MemberCategory.INVOKE_PUBLIC_METHODS)
			.registerType(TypeReference.of("dev.snowflakeid.persistence.GeneratedSnowflakeId"),
					MemberCategory.INVOKE_PUBLIC_METHODS);
	}

}
