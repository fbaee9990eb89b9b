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
package dev.snowflakeid.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.springframework.data.redis.core.script.RedisScript;

/**
 * The lease store's Lua scripts, read once from the class-path folder of this package
 * ({@link RedisLeaseScriptsRuntimeHints} registers them for native images). Each script's
 * header lists its keys, arguments and replies.
 */
final class LeaseScripts {

	/** Claims and renews; its replies are read by {@link LeaseReply}. */
	@SuppressWarnings("rawtypes")
	static final RedisScript<List> LEASE = RedisScript.of(load("lease.lua"), List.class);

	/**
	 * Records or compares the key space's ID format and the region's namespace
	 * ({@link FormatRecord}).
	 */
	@SuppressWarnings("rawtypes")
	static final RedisScript<List> FORMAT = RedisScript.of(load("format.lua"), List.class);

	/** Gives a code back if the token still owns it. */
	static final RedisScript<Long> RELEASE = RedisScript.of(load("release.lua"), Long.class);

	/**
	 * Ends a Cluster region state's pending format check
	 * ({@link FormatRecord#confirmAfterLoss()}).
	 */
	static final RedisScript<Long> SETTLE = RedisScript.of(load("settle.lua"), Long.class);

	/** Counts the codes of a region nobody holds. */
	static final RedisScript<Long> AVAILABLE = RedisScript.of(load("available.lua"), Long.class);

	/** The lineage of the server it runs on, to compare with a grant's. */
	@SuppressWarnings("rawtypes")
	static final RedisScript<List> LINEAGE = RedisScript.of(load("lineage.lua"), List.class);

	private LeaseScripts() {
	}

	private static String load(String name) {
		try (InputStream in = LeaseScripts.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException(
						"Lua script " + name + " is missing next to " + RedisWorkerLeaseStore.class.getName());
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Lua script " + name + " could not be read", ex);
		}
	}

}
