package dev.snowflakeid.lease;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link WorkerLeaseStore} granted on a claim: a worker code, its fencing generation and owner
 * token, and the timestamp range the new owner may use.
 *
 * <p>{@code floorMillis} lies at or above every timestamp an earlier owner of the code could still use
 * (the code's high-water mark, or the store's time plus the quarantine when the store may have lost it).
 * {@code ceilingMillis} has been persisted as the code's high-water mark before the grant was returned.
 *
 * @param workerCode worker code within the region
 * @param generation fencing generation, incremented on every claim of the code
 * @param token owner token that renewals and the release must present
 * @param floorMillis every issued tick must start after this Unix-epoch millisecond
 * @param ceilingMillis no issued tick may reach past this Unix-epoch millisecond until a renewal raises it
 * @param storeTimeMillis the store's clock when it granted the claim, for the clock-skew check
 * @param ttl how long the store keeps the lease without renewal; {@code null} for a lease that does not
 * expire (a static worker code)
 */
public record LeaseGrant(int workerCode, long generation, String token, long floorMillis, long ceilingMillis,
		long storeTimeMillis, Duration ttl) {

	public LeaseGrant {
		Objects.requireNonNull(token, "token");
		if (workerCode < 0) {
			throw new IllegalArgumentException("worker code " + workerCode + " is negative");
		}
		if (ceilingMillis <= floorMillis) {
			throw new IllegalArgumentException("ceiling " + ceilingMillis + " must lie above floor " + floorMillis);
		}
	}

	/** Whether the store lets this lease expire without renewal. */
	public boolean expiring() {
		return this.ttl != null;
	}

}
