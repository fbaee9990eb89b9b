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

import org.jspecify.annotations.Nullable;

/**
 * A reply of {@code lease.lua}: its status first, then the fields of that status (the
 * script's header lists them). Numbers arrive as {@code Long}, texts as {@code String}.
 */
final class LeaseReply {

	/** The first element of every reply, in the order of the codes 1, -1, -2, ... -8. */
	enum Status {

		/**
		 * {@code {1, code, generation, floor, ceiling, T, n, lineage, pending}}: use only
		 * once n replicas acknowledged it on the server of that lineage, and, where
		 * pending is 1 (a Cluster's state made after a loss), once the format record was
		 * compared again.
		 */
		GRANTED,

		/** {@code {-1, T}}: every code of the region is held. */
		NONE_FREE,

		/** {@code {-2, T}}: renewal of a lease whose key is gone. */
		EXPIRED,

		/** {@code {-3, T}}: renewal of a code another owner holds now. */
		FENCED,

		/**
		 * {@code {-4, T, layout, region, Q, A}}: the region was set up with other fleet
		 * settings, and a lease granted under them may still be in use.
		 */
		MISMATCH,

		/**
		 * {@code {-5, T, caller}}: the clocks disagree, or the request arrived too late.
		 */
		SKEW,

		/**
		 * {@code {-6, T, reason}}: not a primary with a majority of its replicas keeping
		 * up.
		 */
		UNSAFE_PRIMARY,

		/**
		 * {@code {-7, T}}: the key space has no format record yet, or lost it
		 * ({@code format.lua} makes it).
		 */
		NO_FORMAT,

		/**
		 * {@code {-8, T, format, namespace, B}}: the key space records another ID format
		 * or fleet lead limit, or the region belongs to another namespace.
		 */
		FORMAT_MISMATCH;

		static @Nullable Status of(long code) {
			if (code == 1) {
				return GRANTED;
			}
			if (code < 0 && code >= -8) {
				return values()[(int) -code];
			}
			return null;
		}

	}

	private final List<?> values;

	private final Status status;

	private LeaseReply(List<?> values, Status status) {
		this.values = values;
		this.status = status;
	}

	/**
	 * @throws IllegalArgumentException if {@code values} is no reply of lease.lua
	 */
	static LeaseReply of(@Nullable List<?> values) {
		Status status = (values != null && !values.isEmpty() && values.get(0) instanceof Long code) ? Status.of(code)
				: null;
		int length = (status == null) ? -1 : switch (status) {
			case GRANTED -> 8;
			case MISMATCH -> 6;
			case FORMAT_MISMATCH -> 5;
			case SKEW, UNSAFE_PRIMARY -> 3;
			default -> 2;
		};
		if (values == null || status == null || values.size() < length) {
			throw new IllegalArgumentException("not a lease script reply: " + values);
		}
		LeaseReply reply = new LeaseReply(List.copyOf(values), status);
		reply.number(1);
		if (status == Status.GRANTED) {
			for (int i = 2; i < 7; i++) {
				reply.number(i);
			}
		}
		return reply;
	}

	Status status() {
		return this.status;
	}

	/** Redis time of the script, Unix-epoch milliseconds. */
	long time() {
		return number((this.status == Status.GRANTED) ? 5 : 1);
	}

	int code() {
		return (int) number(1);
	}

	/**
	 * Whether the grant comes from a Cluster's region state made after a loss whose
	 * format record was not compared since: it is used only once the record still gives
	 * the region to this namespace and format.
	 */
	boolean formatCheckPending() {
		return this.status == Status.GRANTED && this.values.size() > 8 && number(8) == 1;
	}

	long generation() {
		return number(2);
	}

	long floor() {
		return number(3);
	}

	long ceiling() {
		return number(4);
	}

	/** How many replicas must acknowledge a grant before it is used. */
	int acknowledgements() {
		return (int) number(6);
	}

	/** The lineage ({@code run_id/master_replid}) of the server that granted. */
	String lineage() {
		return detail(7);
	}

	/** Field {@code index} of a refusal, as text. */
	String detail(int index) {
		return String.valueOf(this.values.get(index));
	}

	private long number(int index) {
		if (!(this.values.get(index) instanceof Long number)) {
			throw new IllegalArgumentException("not a lease script reply: " + this.values);
		}
		return number;
	}

	@Override
	public String toString() {
		return this.values.toString();
	}

}
