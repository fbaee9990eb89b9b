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
package dev.snowflakeid.autoconfigure;

import java.time.Instant;
import java.util.Objects;

import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseException.StateFileException;
import dev.snowflakeid.lease.WorkerLeaseListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Logs the worker lease's events through the application's logging system, which stays up
 * until every bean is destroyed (so the release at shutdown, or its failure, is logged
 * too). The core writes no log of its own: its events, a forward clock jump of the
 * generator and a failed renewal round or listener included, are its only way out, and
 * this is where they become log lines. A run of failed renewals or claims is logged once
 * as a warning and then at debug level until it ends. The first claim names the
 * uniqueness domain: the instances this one's worker code is unique among.
 */
public final class SnowflakeLeaseLogger implements WorkerLeaseListener {

	private static final Log logger = LogFactory.getLog(SnowflakeLeaseLogger.class);

	private final int region;

	private final @Nullable UniquenessDomain domain;

	private volatile boolean failing;

	/**
	 * @param region region code
	 * @param domain the uniqueness domain, or {@code null} when unknown (a user-supplied
	 * lease store)
	 */
	SnowflakeLeaseLogger(int region, @Nullable UniquenessDomain domain) {
		this.region = region;
		this.domain = domain;
	}

	@Override
	public void onLeaseEvent(LeaseEvent event) {
		WorkerLease lease = event.lease();
		switch (event.type()) {
			case ACQUIRED -> logger.info("Acquired " + codeAndGeneration(event) + " in region " + this.region
					+ "; IDs are unique within the domain "
					+ ((this.domain != null) ? "[" + this.domain + "]" : "of the user-supplied lease store"));
			case RENEWED -> recovered("Lease renewals succeed again");
			case RENEWAL_FAILED, CLAIM_FAILED -> failing(event);
			case LOST -> logger.warn("Lost the worker lease (" + event.lossReason() + "); IDs are refused until a new "
					+ "claim succeeds and the clock passes its floor", event.cause());
			case REACQUIRED -> {
				this.failing = false;
				logger.info("Claimed " + codeAndGeneration(event) + " in region " + this.region
						+ " after losing the previous lease");
			}
			case RELEASED -> logger.info("Released worker code " + code(lease) + " of region " + this.region
					+ "; high-water mark " + ((event.lastUsedMillis() == Long.MIN_VALUE) ? "unchanged (no ID issued)"
							: Instant.ofEpochMilli(event.lastUsedMillis()).toString()));
			case RELEASE_FAILED -> logger.warn("Could not release worker code " + code(lease) + " of region "
					+ this.region + "; the lease expires by itself and its ceiling still fences the next owner: "
					+ ((event.cause() != null) ? event.cause().getMessage() : "no reason given"));
			case CLOCK_JUMPED -> logger.warn("Wall clock jumped forward by " + event.jumpMillis() + " ms more than "
					+ "elapsed time; IDs continue from the new time and the jump uses up epoch lifetime");
			case ROUND_FAILED ->
				logger.error("Worker lease renewal round failed unexpectedly; the next round runs as " + "scheduled",
						event.cause());
			case LISTENER_FAILED -> logger
				.warn("A worker lease listener failed; the other listeners and the " + "renewals go on", event.cause());
			case STARTED_WITHOUT_MARK -> logger.warn(withoutMark(event));
		}
	}

	private static String withoutMark(LeaseEvent event) {
		String file = (event.cause() instanceof StateFileException missing) ? missing.file().toString() : "?";
		return "Worker state file " + file + " does not exist: worker code " + code(event.lease())
				+ " starts without a high-water mark and the file is created with its first ceiling. If this code "
				+ "issued IDs before (file deleted, volume not mounted, path changed), stop and restore the file. "
				+ "To refuse such a start, require the file to exist with "
				+ "snowflake.worker.state-file-must-exist=true";
	}

	// An acquisition carries the lease it just published.
	private static String codeAndGeneration(LeaseEvent event) {
		WorkerLease lease = Objects.requireNonNull(event.lease(), "an acquisition carries its lease");
		return "worker code " + lease.workerCode() + " (generation " + lease.generation() + ")";
	}

	private static String code(@Nullable WorkerLease lease) {
		return (lease != null) ? Integer.toString(lease.workerCode()) : "?";
	}

	private void failing(LeaseEvent event) {
		String message = (event.type() == LeaseEvent.Type.CLAIM_FAILED) ? "Claiming a worker code failed"
				: "Renewing the worker lease failed; IDs continue until the lease's ceiling or deadline";
		if (!this.failing) {
			this.failing = true;
			logger.warn(message + ": " + ((event.cause() != null) ? event.cause().getMessage() : "no reason given"));
		}
		else if (logger.isDebugEnabled()) {
			logger.debug(message, event.cause());
		}
	}

	private void recovered(String message) {
		if (this.failing) {
			this.failing = false;
			logger.info(message);
		}
	}

}
