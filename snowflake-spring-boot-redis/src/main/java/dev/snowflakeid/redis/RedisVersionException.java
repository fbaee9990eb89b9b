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
 * The lease Redis is older than {@link RedisLeaseServerCheck#MINIMUM_VERSION}: the lease scripts set
 * absolute expiry times ({@code SET ... PXAT}), which older servers reject.
 */
public final class RedisVersionException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	private final String version;

	public RedisVersionException(String server, String version) {
		super(server, "redis_version", "Redis " + server + " runs version " + version + "; worker leases need Redis "
				+ RedisLeaseServerCheck.MINIMUM_VERSION + " or later");
		this.version = version;
	}

	/** The version the server reported. */
	public String version() {
		return this.version;
	}

}
