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

import java.util.List;

/**
 * The Redis user of the lease connection lacks ACL permissions the lease scripts need: commands, or
 * access to the lease keys.
 */
public final class RedisPermissionException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	private final String user;

	private final List<String> permissions;

	private final String sampleKey;

	public RedisPermissionException(String server, String user, List<String> permissions, String sampleKey) {
		super(server, "ACL", "Redis user '" + user + "' lacks " + ((permissions.size() == 1) ? "the permission "
				: "the permissions ") + String.join(" ", permissions) + " for lease keys such as '" + sampleKey
				+ "' (Redis " + server + ")");
		this.user = user;
		this.permissions = List.copyOf(permissions);
		this.sampleKey = sampleKey;
	}

	/** The user the lease connection authenticated as. */
	public String user() {
		return this.user;
	}

	/** The missing permissions in ACL rule syntax, such as {@code +hset}. */
	public List<String> permissions() {
		return this.permissions;
	}

	/** A lease key the permissions were checked against. */
	public String sampleKey() {
		return this.sampleKey;
	}

}
