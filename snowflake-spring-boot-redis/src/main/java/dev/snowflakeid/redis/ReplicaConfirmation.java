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

import dev.snowflakeid.lease.LeaseStoreUnavailableException;

/**
 * A grant is used only once the replicas its reply names hold it (with the primary, more
 * than half of the nodes): a replica promoted later without it grants only with a
 * majority of its own, which the old primary then no longer has; and a primary that was
 * deposed while paused (whose replica list still looks healthy for a moment after it
 * resumes) cannot get the acknowledgements. WAIT counts the writes the server it reaches
 * has replicated, so it must reach the server that granted: it goes through the
 * {@code commands} that ran the script, and since a client that routes each command
 * (Lettuce's primary/replica connection behind Sentinel) may send it elsewhere after a
 * topology change, the server's lineage is read again afterwards and must be the grant's.
 * A server's lineage changes on every promotion, so a route that left the granting server
 * cannot have come back to it unchanged. And since WAIT counts only what the connection
 * itself wrote, a connection re-established between the script and WAIT (a new client,
 * which wrote nothing) would count every replica at once: the connection's
 * {@code CLIENT ID}, read before the script, must be the same afterwards.
 */
final class ReplicaConfirmation {

	private final RegionKeys keys;

	private final long timeoutMillis;

	private final int replicas;

	/**
	 * @param keys the region's keys, for messages
	 * @param commandTimeout the lease connection's command timeout, of which WAIT waits
	 * half
	 * @param replicas replicas of each primary; without any, no grant waits
	 */
	ReplicaConfirmation(RegionKeys keys, Duration commandTimeout, int replicas) {
		this.keys = keys;
		this.timeoutMillis = Math.max(1, commandTimeout.toMillis() / 2);
		this.replicas = replicas;
	}

	/**
	 * The connection's {@code CLIENT ID}, to read before the script; -1 without replicas.
	 */
	long clientBefore(LeaseCommands commands) {
		return (this.replicas > 0) ? commands.clientId() : -1;
	}

	/**
	 * Answers {@code grant} once the replicas it names acknowledged it on the server and
	 * connection that granted.
	 * @param action what the grant was for, for messages
	 * @param commands the commands that ran the script
	 * @param client {@link #clientBefore} of those commands
	 * @throws LeaseStoreUnavailableException if too few replicas acknowledged in time, or
	 * the acknowledgement came from another server or connection: the grant is not to be
	 * used
	 */
	LeaseReply confirm(String action, LeaseReply grant, LeaseCommands commands, long client) {
		int required = grant.acknowledgements();
		if (required == 0) {
			return grant;
		}
		long acknowledged;
		String lineage = null;
		long clientAfter = client;
		try {
			acknowledged = commands.awaitReplicas(required, this.timeoutMillis);
			if (acknowledged >= required) {
				lineage = commands.lineage(LeaseScripts.LINEAGE);
				clientAfter = commands.clientId();
			}
		}
		catch (RuntimeException ex) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.keys + ") could not confirm that its "
					+ "replicas hold the grant to " + action + ": " + ex.getMessage(), ex);
		}
		if (lineage == null) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.keys + ") granted, but only "
					+ acknowledged + " of the " + required + " replicas required acknowledged within "
					+ this.timeoutMillis + " ms; the grant is not used", null);
		}
		if (!lineage.equals(grant.lineage())) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.keys + ") granted on the server of "
					+ "lineage " + grant.lineage() + ", but the replicas' acknowledgement was read from " + lineage
					+ " (the connection moved to another server); the grant is not used", null);
		}
		if (clientAfter != client) {
			throw new LeaseStoreUnavailableException(
					"Redis lease store (" + this.keys + ") granted, but the connection "
							+ "was re-established before the replicas' acknowledgement was read (client " + client
							+ ", then " + clientAfter + "); the grant is not used",
					null);
		}
		return grant;
	}

}
