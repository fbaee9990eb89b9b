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
package dev.snowflakeid.lease.sim;

/**
 * The store a schedule runs against: the same schedule (hosts, fleets, timings, the
 * faults drawn) with either model.
 */
public enum StoreModel {

	/** {@link RedisNode}: the lease scripts on a Redis primary and its replicas. */
	REDIS,

	/**
	 * {@link JdbcNode}: the JDBC store's transactions on a PostgreSQL primary and its
	 * asynchronous standbys; each Redis fault strikes as its database counterpart.
	 */
	JDBC

}
