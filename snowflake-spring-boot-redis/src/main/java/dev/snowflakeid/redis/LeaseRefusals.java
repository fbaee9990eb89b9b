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

import java.time.Instant;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.WorkerLeaseException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;

import org.springframework.core.NestedExceptionUtils;

/**
 * The exceptions a store answers with when Redis grants nothing: one per refusal of
 * {@code lease.lua}, and {@link LeaseStoreUnavailableException} for every Redis error or
 * timeout. Each message names the region's keys and, for a refusal, the settings of this
 * worker that the refusal compares.
 */
final class LeaseRefusals {

	private final LeaseSettings settings;

	LeaseRefusals(LeaseSettings settings) {
		this.settings = settings;
	}

	/**
	 * The exception of a refusal.
	 * @param caller the caller's clock sent with the request, Unix-epoch milliseconds
	 * @throws IllegalStateException if {@code reply} is a grant or a renewal's EXPIRED or
	 * FENCED
	 */
	WorkerLeaseException refusal(LeaseReply reply, long caller) {
		return switch (reply.status()) {
			case NONE_FREE -> new NoFreeWorkerCodeException(this.settings.region(), this.settings.codes());
			case MISMATCH -> new StoreMismatchException("Redis keys " + this.settings.keys()
					+ " were set up for format '" + reply.detail(2) + "' in region " + reply.detail(3)
					+ " with quarantine " + reply.detail(4) + " ms and ceiling lead " + reply.detail(5)
					+ " ms, but this instance uses format '" + this.settings.layoutDescription() + "' in region "
					+ this.settings.region() + " with quarantine " + this.settings.timing().quarantine().toMillis()
					+ " ms and ceiling lead " + this.settings.timing().ceilingLead().toMillis()
					+ " ms. Other lease timing takes a region over only once no lease granted under the recorded "
					+ "timing can be in use (every recorded ceiling plus the recorded quarantine has passed); a "
					+ "region's format never changes");
			case FORMAT_MISMATCH ->
				FormatRecord.mismatch(this.settings, reply.detail(2), reply.detail(3), reply.detail(4));
			case NO_FORMAT -> new LeaseStoreUnavailableException("Redis key space " + this.settings.keyPrefix()
					+ " has no format record " + this.settings.keys().format() + "; Redis wrote nothing", null);
			case SKEW -> new ClockSkewException("worker clock and Redis TIME differ by " + (caller - reply.time())
					+ " ms (request sent at " + Instant.ofEpochMilli(caller) + ", run at "
					+ Instant.ofEpochMilli(reply.time()) + "), more than the allowed "
					+ this.settings.timing().maxClockSkew().toMillis() + " ms skew plus "
					+ this.settings.timing().requestLateness().toMillis() + " ms lateness; Redis wrote nothing",
					caller - reply.time());
			case UNSAFE_PRIMARY -> unsafePrimary(reply.detail(2));
			default -> throw new IllegalStateException("not a refusal: " + reply);
		};
	}

	/**
	 * A refusal by role is a server that is no primary; any other is about the replica
	 * majority.
	 */
	private LeaseStoreUnavailableException unsafePrimary(String detail) {
		String message = "Redis (" + this.settings.keys() + ") refuses to grant: " + detail
				+ " (snowflake.worker.redis.replicas=" + this.settings.replicas() + ", max-replica-lag="
				+ this.settings.maxReplicaLag().toSeconds() + "s)";
		return detail.startsWith("role is ") ? new LeaseStoreUnavailableException(message, null)
				: new RedisReplicaQuorumException(message, this.settings.replicas(),
						detail.contains(" attached, more than "));
	}

	/**
	 * The exception of a request that failed before Redis answered it, or with an error:
	 * its message names the action and the most specific cause.
	 */
	LeaseStoreUnavailableException unavailable(String action, RuntimeException ex) {
		Throwable root = NestedExceptionUtils.getMostSpecificCause(ex);
		String reason = (root != ex && root.getMessage() != null) ? ex.getMessage() + ": " + root.getMessage()
				: ex.getMessage();
		return new LeaseStoreUnavailableException(
				"Redis lease store (" + this.settings.keys() + ") could not " + action + ": " + reason, ex);
	}

}
