package dev.snowflakeid.redis;

import java.time.Duration;
import java.time.InstantSource;
import java.util.List;

import dev.snowflakeid.lease.WorkerLeaseException;

/**
 * Claims and renewals as {@code lease.lua} requests on the {@link ScriptConnection}, a grant followed by the
 * {@link ReplicaConfirmation} of its replicas on the same connection. The one home of the script's keys and
 * arguments.
 */
final class LeaseRequests {

	private final LeaseSettings settings;

	private final ScriptConnection connection;

	private final InstantSource wallClock;

	private final ReplicaConfirmation replicas;

	private final LeaseRefusals refusals;

	LeaseRequests(LeaseSettings settings, ScriptConnection connection, InstantSource wallClock,
			LeaseRefusals refusals) {
		this.settings = settings;
		this.connection = connection;
		this.wallClock = wallClock;
		this.replicas = new ReplicaConfirmation(settings.keys(), settings.commandTimeout(), settings.replicas());
		this.refusals = refusals;
	}

	/**
	 * Runs lease.lua and, for a grant, WAIT on the same connection; answers a grant once the required replicas
	 * acknowledged it, or an EXPIRED or FENCED renewal, and turns every other reply into its exception. The
	 * caller's clock is read once the connection is up, so connecting does not count as lateness in the
	 * two-clocks check.
	 * @param action what the request is for, for messages
	 * @param operation {@code claim} or {@code renew}
	 */
	LeaseReply send(String action, String operation, String token, int code, int start) {
		try {
			return this.connection.execute((commands) -> {
				long client = this.replicas.clientBefore(commands);
				long caller = this.wallClock.millis();
				LeaseReply reply = LeaseReply.of(commands.eval(LeaseScripts.LEASE, keys(operation, code),
						args(operation, caller, token, code, start)));
				return switch (reply.status()) {
					case GRANTED -> this.replicas.confirm(action, reply, commands, client);
					case EXPIRED, FENCED -> reply;
					default -> throw this.refusals.refusal(reply, caller);
				};
			});
		}
		catch (WorkerLeaseException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw this.refusals.unavailable(action, ex);
		}
	}

	/** Runs lease.lua once, without WAIT, with the caller's clock given, and answers its raw reply. */
	List<?> sendOnce(String operation, long caller, String token, int code, int start) {
		return this.connection.execute((commands) -> commands.eval(LeaseScripts.LEASE, keys(operation, code),
				args(operation, caller, token, code, start)));
	}

	private List<String> keys(String operation, int code) {
		RegionKeys keys = this.settings.keys();
		return operation.equals("renew") ? List.of(keys.guard(), keys.state(), keys.lease(code))
				: List.of(keys.guard(), keys.state());
	}

	private List<String> args(String operation, long caller, String token, int code, int start) {
		LeaseSettings settings = this.settings;
		return List.of(operation, Long.toString(caller), millis(settings.timing().maxClockSkew()),
				millis(settings.timing().requestLateness()), Integer.toString(settings.replicas()),
				Long.toString(settings.maxReplicaLag().toSeconds()), settings.layoutDescription(),
				Integer.toString(settings.region()), millis(settings.timing().quarantine()),
				millis(settings.timing().ceilingLead()), millis(settings.ttl()), settings.keys().leasePrefix(),
				Integer.toString(settings.codes()), token, Integer.toString(code), Integer.toString(start));
	}

	private static String millis(Duration duration) {
		return Long.toString(duration.toMillis());
	}

}
