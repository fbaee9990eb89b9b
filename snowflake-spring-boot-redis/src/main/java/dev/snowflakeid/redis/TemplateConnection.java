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

import java.util.function.Function;

import io.lettuce.core.api.async.RedisAsyncCommands;

import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The native Lettuce connection of a template outside a Redis Cluster (one server,
 * Sentinel, a fixed primary with replicas): within one template call, the factory hands
 * out one connection, the shared one or, where the factory does not share its connection,
 * a dedicated one, so the script and its {@code WAIT} go through the same connection
 * either way.
 */
final class TemplateConnection implements ScriptConnection {

	private final StringRedisTemplate template;

	private final long timeoutMillis;

	TemplateConnection(StringRedisTemplate template, long timeoutMillis) {
		this.template = template;
		this.timeoutMillis = timeoutMillis;
	}

	@Override
	@SuppressWarnings("unchecked")
	public <T> T execute(Function<LeaseCommands, T> work) {
		return this.template.execute((RedisCallback<T>) (connection) -> {
			if (!(connection.getNativeConnection() instanceof RedisAsyncCommands<?, ?> commands)) {
				throw new IllegalStateException(
						"the Redis lease store needs a Lettuce connection, not " + connection.getNativeConnection());
			}
			return work.apply(new LeaseCommands((RedisAsyncCommands<byte[], byte[]>) commands, this.timeoutMillis));
		});
	}

}
