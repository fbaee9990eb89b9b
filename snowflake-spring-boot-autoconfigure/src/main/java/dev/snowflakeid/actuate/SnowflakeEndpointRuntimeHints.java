package dev.snowflakeid.actuate;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.util.ClassUtils;

/**
 * The {@code snowflake} endpoint's response bodies, written to JSON by reflection over their record
 * components, for native images.
 */
class SnowflakeEndpointRuntimeHints implements RuntimeHintsRegistrar {

	private final BindingReflectionHintsRegistrar bindings = new BindingReflectionHintsRegistrar();

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		if (!ClassUtils.isPresent("org.springframework.boot.actuate.endpoint.OperationResponseBody", classLoader)) {
			return;
		}
		this.bindings.registerReflectionHints(hints.reflection(), SnowflakeEndpoint.SnowflakeDescriptor.class,
				SnowflakeEndpoint.DecodedIdDescriptor.class, SnowflakeEndpointWebExtension.InvalidId.class);
	}

}
