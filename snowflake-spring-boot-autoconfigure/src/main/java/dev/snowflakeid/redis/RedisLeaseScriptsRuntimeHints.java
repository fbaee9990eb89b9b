package dev.snowflakeid.redis;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * The lease store's Lua scripts, read as class-path resources next to {@link RedisWorkerLeaseStore}, for
 * native images.
 */
class RedisLeaseScriptsRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		hints.resources().registerPattern("dev/snowflakeid/redis/*.lua");
	}

}
