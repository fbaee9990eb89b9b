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
 * The lease connection reached a replica: lease scripts write, and a replica either refuses the writes
 * or, worse, accepts writes that its primary never sees.
 */
public final class RedisNotPrimaryException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	private final String role;

	public RedisNotPrimaryException(String server, String role) {
		super(server, "role", "the lease connection reached Redis " + server + " whose role is '" + role
				+ "'; worker leases must be written on the primary");
		this.role = role;
	}

	/** The role the server reported, such as {@code slave}. */
	public String role() {
		return this.role;
	}

}
