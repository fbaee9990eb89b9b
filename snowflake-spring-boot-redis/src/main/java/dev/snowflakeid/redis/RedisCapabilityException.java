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
 * The lease Redis lacks a server property the safety of leases rests on: an {@code INFO} field the lease
 * script reads the data's lineage from ({@code run_id}, {@code master_replid}), Redis time ({@code TIME}),
 * replica acknowledgements ({@code WAIT}), absolute expiry times ({@code SET ... PXAT}) or atomic scripts
 * ({@code EVAL}). Managed services that hide {@code INFO} fields, commands renamed or disabled with
 * {@code rename-command}, and Redis-compatible servers that implement less than Redis are refused this way.
 */
public final class RedisCapabilityException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	private final String capability;

	private final String detail;

	/**
	 * @param server the server at fault
	 * @param capability what it lacks, such as {@code TIME} or {@code INFO run_id}
	 * @param detail what the server answered instead
	 */
	public RedisCapabilityException(String server, String capability, String detail) {
		super(server, capability, "Redis " + server + " lacks " + capability + ", which worker leases rely on ("
				+ detail + ")");
		this.capability = capability;
		this.detail = detail;
	}

	/** What the server lacks, such as {@code TIME}, {@code WAIT}, {@code EVAL} or {@code INFO run_id}. */
	public String capability() {
		return this.capability;
	}

	/** What the server answered instead. */
	public String detail() {
		return this.detail;
	}

}
