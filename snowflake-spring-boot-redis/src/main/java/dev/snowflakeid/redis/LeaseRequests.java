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

import java.time.Duration;
import java.time.InstantSource;
import java.util.List;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.WorkerLeaseException;

/**
 * Claims and renewals as {@code lease.lua} requests on the {@link ScriptConnection}, a
 * grant followed by the {@link ReplicaConfirmation} of its replicas on the same
 * connection. The one home of the script's keys and arguments.
 */
final class LeaseRequests {

	private final LeaseSettings settings;

	private final ScriptConnection connection;

	private final InstantSource wallClock;

	private final ReplicaConfirmation replicas;

	private final LeaseRefusals refusals;

	private final FormatRecord format;

	private final Release release;

	/**
	 * @param release gives back a claim that is not used (too few replicas acknowledged
	 * it, or the acknowledgement came from another server or connection), so that refused
	 * claims hold no codes
	 */
	LeaseRequests(LeaseSettings settings, ScriptConnection connection, InstantSource wallClock, LeaseRefusals refusals,
			FormatRecord format, Release release) {
		this.settings = settings;
		this.connection = connection;
		this.wallClock = wallClock;
		this.replicas = new ReplicaConfirmation(settings.keys(), settings.commandTimeout(), settings.replicas());
		this.refusals = refusals;
		this.format = format;
		this.release = release;
	}

	/**
	 * Runs lease.lua and, for a grant, WAIT on the same connection; answers a grant once
	 * the required replicas acknowledged it, or an EXPIRED or FENCED renewal, and turns
	 * every other reply into its exception. The caller's clock is read once the
	 * connection is up, so connecting does not count as lateness in the two-clocks check.
	 * @param action what the request is for, for messages
	 * @param operation {@code claim} or {@code renew}
	 */
	LeaseReply send(String action, String operation, String token, int code, int start) {
		try {
			for (int attempt = 0;; attempt++) {
				this.format.confirm();
				LeaseReply reply = this.connection.execute((commands) -> {
					long client = this.replicas.clientBefore(commands);
					long caller = this.wallClock.millis();
					LeaseReply answer = LeaseReply.of(commands.eval(LeaseScripts.LEASE, keys(operation, code),
							args(operation, caller, token, code, start)));
					return switch (answer.status()) {
						case GRANTED -> confirmed(action, operation, token, answer, commands, client);
						case EXPIRED, FENCED, NO_FORMAT -> answer;
						default -> throw this.refusals.refusal(answer, caller);
					};
				});
				if (reply.formatCheckPending()) {
					confirmFormatAfterLoss(operation, token, reply);
				}
				if (reply.status() != LeaseReply.Status.NO_FORMAT) {
					return reply;
				}
				// The key space lost its format record (lost or evicted): check it again,
				// then one new request
				this.format.forget();
				if (attempt > 0) {
					throw this.refusals.refusal(reply, reply.time());
				}
			}
		}
		catch (WorkerLeaseException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw this.refusals.unavailable(action, ex);
		}
	}

	/**
	 * The grant once its replicas hold it. A claim that is not to be used is given back
	 * at once with its token: a retrying instance would otherwise hold one more code per
	 * try until each lease expired. A renewal that is not to be used keeps its key: the
	 * holder still issues from the range it held before.
	 */
	private LeaseReply confirmed(String action, String operation, String nonce, LeaseReply grant,
			LeaseCommands commands, long client) {
		try {
			return this.replicas.confirm(action, grant, commands, client);
		}
		catch (LeaseStoreUnavailableException ex) {
			if (operation.equals("claim")) {
				try {
					this.release.release(grant.code(), grant.generation() + "|" + nonce);
				}
				catch (RuntimeException releaseFailure) {
					ex.addSuppressed(releaseFailure);
				}
			}
			throw ex;
		}
	}

	/**
	 * On a Cluster the format record lies in another slot, so the lease script cannot
	 * compare it; after the region's data was lost, the record may have been made again
	 * since this store compared it, by an instance of another namespace that took the
	 * region meanwhile. The grant is used only once the record still gives the region to
	 * this namespace and format (which ends the state's pending mark for every instance);
	 * a claim that is not used is given back. Until then every grant of the region asks
	 * again.
	 */
	private void confirmFormatAfterLoss(String operation, String nonce, LeaseReply grant) {
		try {
			this.format.confirmAfterLoss();
		}
		catch (RuntimeException ex) {
			if (operation.equals("claim")) {
				try {
					this.release.release(grant.code(), grant.generation() + "|" + nonce);
				}
				catch (RuntimeException releaseFailure) {
					ex.addSuppressed(releaseFailure);
				}
			}
			throw ex;
		}
	}

	/**
	 * Runs lease.lua once, without WAIT, with the caller's clock given, and answers its
	 * raw reply.
	 */
	List<?> sendOnce(String operation, long caller, String token, int code, int start) {
		return this.connection.execute((commands) -> commands.eval(LeaseScripts.LEASE, keys(operation, code),
				args(operation, caller, token, code, start)));
	}

	private List<String> keys(String operation, int code) {
		RegionKeys keys = this.settings.keys();
		// a Cluster keeps the format record in another slot: the guard stands in for it
		String format = this.settings.clustered() ? keys.guard() : keys.format();
		return operation.equals("renew") ? List.of(keys.guard(), keys.state(), keys.witness(), format, keys.lease(code))
				: List.of(keys.guard(), keys.state(), keys.witness(), format);
	}

	private List<String> args(String operation, long caller, String token, int code, int start) {
		LeaseSettings settings = this.settings;
		return List.of(operation, Long.toString(caller), millis(settings.timing().maxClockSkew()),
				millis(settings.timing().requestLateness()), Integer.toString(settings.replicas()),
				Long.toString(settings.maxReplicaLag().toSeconds()), settings.layoutDescription(),
				Integer.toString(settings.region()), millis(settings.timing().quarantine()),
				millis(settings.timing().ceilingLead()), millis(settings.ttl()), settings.keys().leasePrefix(),
				Integer.toString(settings.codes()), token, Integer.toString(code), Integer.toString(start),
				Integer.toString(settings.database()), settings.namespace(), Witness.next(),
				settings.leadLimitMillis());
	}

	private static String millis(Duration duration) {
		return Long.toString(duration.toMillis());
	}

	/** Gives a code back if the token still owns it ({@code release.lua}). */
	@FunctionalInterface
	interface Release {

		void release(int code, String token);

	}

}
