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
 * A lease Redis node has {@code replica-read-only no}: as a replica (or once demoted after a failover) it
 * would accept lease writes that its primary never sees, so two owners could hold one worker code.
 */
public final class RedisReplicaWritableException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	public RedisReplicaWritableException(String server) {
		super(server, "replica-read-only", "Redis " + server + " has replica-read-only no: as a replica it would "
				+ "accept lease writes that the primary never sees");
	}

}
