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
package dev.snowflakeid.lease;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A static worker code is already used in this JVM in the same region: two generators with one code would
 * issue the same IDs. Users with the same settings share one generator; this is thrown when the settings
 * differ ({@link #differences()} says which), or when a second generator would be started on a code that
 * one already serves.
 */
public class WorkerCodeInUseException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	private final transient UniquenessDomain domain;

	private final String holder;

	private final transient List<Difference> differences;

	public WorkerCodeInUseException(UniquenessDomain domain, String holder) {
		this(domain, holder, List.of());
	}

	/**
	 * @param domain the domain the first owner holds
	 * @param holder the first owner
	 * @param differences the settings in which the refused user differs from the first owner; empty when
	 * they agree but a second generator would be started
	 */
	public WorkerCodeInUseException(UniquenessDomain domain, String holder, List<Difference> differences) {
		super(domain + ": already held in this JVM by " + holder + (differences.isEmpty() ? ""
				: " with other settings (" + differences.stream().map(Difference::toString).collect(Collectors.joining("; "))
						+ ")"));
		this.domain = domain;
		this.holder = holder;
		this.differences = List.copyOf(differences);
	}

	/** The domain the first owner holds. */
	public UniquenessDomain domain() {
		return this.domain;
	}

	/** The first owner. */
	public String holder() {
		return this.holder;
	}

	/** The settings that keep the refused user from sharing the first owner's generator; may be empty. */
	public List<Difference> differences() {
		return this.differences;
	}

	/** A setting that users of one static worker code and region must agree on to share its generator. */
	public enum Setting {

		/** The high-water-mark file, or none. */
		STATE_FILE,

		/** Whether a missing state file is refused. */
		STATE_FILE_MUST_EXIST,

		/** How far ahead of the clock each written ceiling lies. */
		CEILING_LEAD,

		TIMESTAMP_BITS, REGION_BITS, WORKER_BITS, SEQUENCE_BITS, TICK, EPOCH,

		ROLLBACK_WAIT_BUDGET, EXHAUSTION_WAIT_BUDGET, BORROW_AHEAD, FORWARD_JUMP_ALERT,

		RENEW_INTERVAL, STARTUP_WAIT_BUDGET

	}

	/**
	 * One setting in which two users differ.
	 * @param setting the setting
	 * @param held the first owner's value
	 * @param requested the refused user's value
	 */
	public record Difference(Setting setting, String held, String requested) {

		@Override
		public String toString() {
			return this.setting.name().toLowerCase().replace('_', ' ') + " " + this.held + " there, " + this.requested
					+ " here";
		}

	}

}
