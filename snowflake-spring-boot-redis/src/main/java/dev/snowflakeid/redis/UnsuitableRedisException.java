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

/**
 * The Redis server the leases use cannot keep them safe, found by {@link RedisLeaseServerCheck} before
 * the first claim. Names the server and the Redis setting at fault, so a failure analysis can say what to
 * change.
 */
public abstract class UnsuitableRedisException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String server;

	private final String setting;

	protected UnsuitableRedisException(String server, String setting, String message) {
		super(message);
		this.server = server;
		this.setting = setting;
	}

	/** The server at fault, as {@code host:port}, or a description when the address is not known. */
	public String server() {
		return this.server;
	}

	/** The Redis setting or server property at fault, such as {@code maxmemory-policy}. */
	public String setting() {
		return this.setting;
	}

}
