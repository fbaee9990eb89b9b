package dev.snowflakeid.lease;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.MonotonicClock;
import dev.snowflakeid.Parker;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.LeaseEvent.Type;

/**
 * Holds one worker code from a {@link WorkerLeaseStore} and publishes it to the generator as one
 * immutable {@link WorkerLease} through a volatile reference. All store I/O happens on one daemon
 * thread; {@link #currentLease()} never blocks.
 *
 * <p>Rules that keep IDs unique while this keeper runs:
 * <ul>
 * <li>The local deadline of a lease is measured on the monotonic clock from the moment the request that
 * obtained it was <em>sent</em>, and is shorter than the store's TTL by {@link #DRIFT_MARGIN_DIVISOR a
 * tenth} to cover clock-rate drift. A late reply can only yield an earlier deadline, never extend one.</li>
 * <li>A lease the store reports expired or fenced is dropped at once and never resurrected; the keeper
 * claims anew (possibly a different code) and the generator refuses until the new floor is passed.</li>
 * <li>At startup the wall clock must pass the granted floor within the startup wait budget, and agree
 * with the store's clock within the maximum skew, or {@link #start()} fails.</li>
 * <li>{@link #close(long)} revokes the lease before releasing it; the caller stops the generator first
 * and passes the last millisecond it used.</li>
 * </ul>
 */
public final class WorkerLeaseKeeper implements WorkerLeaseSource, AutoCloseable {

	public static final Duration DEFAULT_RENEW_INTERVAL = Duration.ofSeconds(1);

	public static final Duration DEFAULT_STARTUP_WAIT_BUDGET = Duration.ofSeconds(10);

	public static final Duration DEFAULT_MAX_CLOCK_SKEW = Duration.ofSeconds(1);

	/** The local deadline is the store TTL less TTL / 10, measured from when the request was sent. */
	public static final int DRIFT_MARGIN_DIVISOR = 10;

	private static final long RETRY_PARK_NANOS = 50_000_000;

	private static final System.Logger logger = System.getLogger(WorkerLeaseKeeper.class.getName());

	private final WorkerLeaseStore store;

	private final Duration renewInterval;

	private final long startupBudgetNanos;

	private final long maxSkewMillis;

	private final InstantSource wallClock;

	private final MonotonicClock monotonicClock;

	private final Parker parker;

	private final List<WorkerLeaseListener> listeners;

	private final int preferredCode;

	private final String threadName;

	private final Object monitor = new Object();

	private volatile WorkerLease current;

	// Written under monitor.
	private volatile LeaseGrant grant;

	// Guarded by monitor.

	private int lastCode = -1;

	private boolean deadlineReported;

	private ScheduledExecutorService executor;

	private volatile boolean closed;

	private WorkerLeaseKeeper(Builder builder) {
		this.store = builder.store;
		this.renewInterval = positive("renew interval", builder.renewInterval);
		this.startupBudgetNanos = notNegative("startup wait budget", builder.startupWaitBudget).toNanos();
		this.maxSkewMillis = notNegative("max clock skew", builder.maxClockSkew).toMillis();
		this.wallClock = builder.wallClock;
		this.monotonicClock = builder.monotonicClock;
		this.parker = builder.parker;
		this.listeners = List.copyOf(builder.listeners);
		this.preferredCode = builder.preferredCode;
		this.threadName = builder.threadName;
	}

	private static Duration positive(String name, Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(name + " must be positive but was " + value);
		}
		return value;
	}

	private static Duration notNegative(String name, Duration value) {
		if (value == null || value.isNegative()) {
			throw new IllegalArgumentException(name + " must be zero or positive but was " + value);
		}
		return value;
	}

	public static Builder builder(WorkerLeaseStore store) {
		return new Builder(store);
	}

	@Override
	public WorkerLease currentLease() {
		return this.current;
	}

	/** The store's grant behind the current lease, or {@code null} while none is held. */
	public LeaseGrant currentGrant() {
		return this.grant;
	}

	/** The store this keeper leases from. */
	public WorkerLeaseStore store() {
		return this.store;
	}

	/** Interval between renewals. */
	public Duration renewInterval() {
		return this.renewInterval;
	}

	/**
	 * Claims a code, checks the clocks, waits until the wall clock passes the granted floor, publishes
	 * the lease and starts renewing in the background.
	 * @throws NoFreeWorkerCodeException if no code became free within the startup wait budget
	 * @throws LeaseStoreUnavailableException if the store did not answer within the startup wait budget
	 * @throws ClockSkewException if the worker and store clocks disagree by more than the maximum skew
	 * @throws ClockBehindException if the wall clock is behind the floor by more than the startup budget
	 */
	public void start() {
		synchronized (this.monitor) {
			if (this.executor != null || this.closed) {
				throw new IllegalStateException("lease keeper already started or closed");
			}
			long startedAt = this.monotonicClock.nanoTime();
			long budgetEnd = startedAt + this.startupBudgetNanos;
			LeaseGrant granted;
			long sentAt;
			long sentAtMillis;
			while (true) {
				sentAt = this.monotonicClock.nanoTime();
				sentAtMillis = this.wallClock.millis();
				try {
					granted = this.store.claim(this.preferredCode);
					break;
				}
				catch (NoFreeWorkerCodeException | LeaseStoreUnavailableException ex) {
					if (this.monotonicClock.nanoTime() - budgetEnd >= 0) {
						throw ex;
					}
					this.parker.park(Math.min(RETRY_PARK_NANOS, budgetEnd - this.monotonicClock.nanoTime()));
				}
			}
			try {
				checkSkew(granted, sentAtMillis, this.wallClock.millis());
				awaitFloor(granted, budgetEnd);
			}
			catch (WorkerLeaseException ex) {
				releaseQuietly(granted, Long.MIN_VALUE);
				throw ex;
			}
			publish(granted, granted.ceilingMillis(), sentAt);
			this.executor = Executors.newSingleThreadScheduledExecutor((runnable) -> {
				Thread thread = new Thread(runnable, this.threadName);
				thread.setDaemon(true);
				return thread;
			});
			// The first renewal is due one interval after the claim was sent, not after the floor wait.
			long period = this.renewInterval.toNanos();
			long firstDelay = Math.max(0, period - (this.monotonicClock.nanoTime() - sentAt));
			this.executor.scheduleWithFixedDelay(this::renewSafely, firstDelay, period, TimeUnit.NANOSECONDS);
		}
		emit(Type.ACQUIRED, null, null);
	}

	// The store read its clock somewhere between our send and receive readings: only a store time outside
	// that window, widened by the allowed skew, proves the clocks disagree too much.
	private void checkSkew(LeaseGrant granted, long sentAtMillis, long receivedAtMillis) {
		long store = granted.storeTimeMillis();
		if (store >= sentAtMillis - this.maxSkewMillis && store <= receivedAtMillis + this.maxSkewMillis) {
			return;
		}
		long skew = (store < sentAtMillis) ? sentAtMillis - store : receivedAtMillis - store;
		throw new ClockSkewException("worker clock and " + this.store.name() + " lease store clock differ by "
				+ skew + " ms, more than the allowed " + this.maxSkewMillis + " ms", skew);
	}

	private void awaitFloor(LeaseGrant granted, long budgetEnd) {
		while (true) {
			long now = this.wallClock.millis();
			if (now > granted.floorMillis()) {
				return;
			}
			long behind = granted.floorMillis() - now + 1;
			long remaining = budgetEnd - this.monotonicClock.nanoTime();
			if (behind > remaining / 1_000_000) {
				throw new ClockBehindException("wall clock is " + behind + " ms behind the floor "
						+ granted.floorMillis() + " of worker code " + granted.workerCode()
						+ " (its high-water mark or quarantine); the startup wait budget has "
						+ Math.max(0, remaining / 1_000_000) + " ms left", behind);
			}
			this.parker.park(Math.min(behind * 1_000_000, remaining));
		}
	}

	/** Runs one renewal round now, on the calling thread: renew, or claim again after a loss. */
	public void renewNow() {
		Runnable notify;
		synchronized (this.monitor) {
			if (this.closed) {
				return;
			}
			notify = (this.grant != null) ? renew() : reclaim();
		}
		notify.run();
	}

	private void renewSafely() {
		try {
			renewNow();
		}
		catch (RuntimeException ex) {
			logger.log(System.Logger.Level.ERROR, "Worker lease renewal round failed unexpectedly", ex);
		}
	}

	// Guarded by monitor; returns the notification to run outside it.
	private Runnable renew() {
		LeaseGrant held = this.grant;
		long sentAt = this.monotonicClock.nanoTime();
		LeaseRenewal renewal;
		try {
			renewal = this.store.renew(held);
		}
		catch (LeaseStoreUnavailableException ex) {
			WorkerLease lease = this.current;
			if (lease != null && lease.expiredAt(this.monotonicClock.nanoTime()) && !this.deadlineReported) {
				this.deadlineReported = true;
				return () -> {
					emit(Type.RENEWAL_FAILED, null, ex);
					emit(Type.LOST, LossReason.DEADLINE_PASSED, ex);
				};
			}
			return () -> emit(Type.RENEWAL_FAILED, null, ex);
		}
		switch (renewal.status()) {
			case RENEWED -> {
				publish(held, renewal.ceilingMillis(), sentAt);
				this.deadlineReported = false;
				return () -> emit(Type.RENEWED, null, null);
			}
			case EXPIRED, FENCED -> {
				revoke();
				LossReason reason = (renewal.status() == LeaseRenewal.Status.FENCED) ? LossReason.FENCED
						: LossReason.EXPIRED;
				Runnable lost = () -> emit(Type.LOST, reason, null);
				Runnable next = reclaim();
				return () -> {
					lost.run();
					next.run();
				};
			}
			default -> throw new IllegalStateException("unknown renewal status " + renewal.status());
		}
	}

	// Guarded by monitor. The new floor may lie ahead of the wall clock: the generator refuses until it passes.
	private Runnable reclaim() {
		long sentAt = this.monotonicClock.nanoTime();
		LeaseGrant granted;
		try {
			granted = this.store.claim(this.lastCode);
		}
		catch (WorkerLeaseException ex) {
			return () -> emit(Type.CLAIM_FAILED, null, ex);
		}
		publish(granted, granted.ceilingMillis(), sentAt);
		this.deadlineReported = false;
		return () -> emit(Type.REACQUIRED, null, null);
	}

	private void publish(LeaseGrant granted, long ceilingMillis, long sentAt) {
		this.grant = granted;
		this.lastCode = granted.workerCode();
		if (!granted.expiring()) {
			this.current = WorkerLease.bounded(granted.workerCode(), granted.floorMillis(),
					Math.max(ceilingMillis, granted.ceilingMillis()));
			return;
		}
		long ttl = granted.ttl().toNanos();
		long deadline = sentAt + ttl - ttl / DRIFT_MARGIN_DIVISOR;
		WorkerLease previous = this.current;
		if (previous != null && previous.workerCode() == granted.workerCode()
				&& previous.generation() == granted.generation()) {
			this.current = previous.renewed(ceilingMillis, deadline);
		}
		else {
			this.current = WorkerLease.leased(granted.workerCode(), granted.generation(), granted.floorMillis(),
					Math.max(ceilingMillis, granted.ceilingMillis()), deadline);
		}
	}

	private void revoke() {
		this.current = null;
		this.grant = null;
	}

	/**
	 * Stops renewing, revokes the lease and gives the code back, recording {@code lastUsedMillis} as its
	 * high-water mark. Stop the generator first and pass what its {@code stop()} returned. A failed
	 * release is logged; the lease then expires by itself and its ceiling still fences the next owner.
	 */
	public void close(long lastUsedMillis) {
		LeaseGrant held;
		WorkerLease released;
		ScheduledExecutorService running;
		synchronized (this.monitor) {
			if (this.closed) {
				return;
			}
			this.closed = true;
			held = this.grant;
			released = this.current;
			running = this.executor;
			revoke();
		}
		if (running != null) {
			running.shutdownNow();
		}
		if (held != null && releaseQuietly(held, lastUsedMillis)) {
			emit(new LeaseEvent(Type.RELEASED, released, null, null, lastUsedMillis));
		}
	}

	/** Same as {@link #close(long)} when nothing was issued. */
	@Override
	public void close() {
		close(Long.MIN_VALUE);
	}

	private boolean releaseQuietly(LeaseGrant held, long lastUsedMillis) {
		try {
			this.store.release(held, lastUsedMillis);
			return true;
		}
		catch (WorkerLeaseException ex) {
			logger.log(System.Logger.Level.WARNING, "Could not release worker code " + held.workerCode()
					+ "; the lease expires by itself and its ceiling still fences the next owner", ex);
			return false;
		}
	}

	private void emit(Type type, LossReason reason, Throwable cause) {
		emit(new LeaseEvent(type, this.current, reason, cause, Long.MIN_VALUE));
	}

	private void emit(LeaseEvent event) {
		for (WorkerLeaseListener listener : this.listeners) {
			try {
				listener.onLeaseEvent(event);
			}
			catch (RuntimeException ex) {
				logger.log(System.Logger.Level.WARNING, "Worker lease listener failed on " + event.type(), ex);
			}
		}
	}

	/** Configures a {@link WorkerLeaseKeeper}. */
	public static final class Builder {

		private final WorkerLeaseStore store;

		private Duration renewInterval = DEFAULT_RENEW_INTERVAL;

		private Duration startupWaitBudget = DEFAULT_STARTUP_WAIT_BUDGET;

		private Duration maxClockSkew = DEFAULT_MAX_CLOCK_SKEW;

		private InstantSource wallClock = InstantSource.system();

		private MonotonicClock monotonicClock = MonotonicClock.system();

		private Parker parker = Parker.system();

		private final List<WorkerLeaseListener> listeners = new ArrayList<>();

		private int preferredCode = -1;

		private String threadName = "snowflake-lease-keeper";

		private Builder(WorkerLeaseStore store) {
			this.store = Objects.requireNonNull(store, "store");
		}

		/** Time between renewals; must be well below the store's TTL. Default 1 s. */
		public Builder renewInterval(Duration renewInterval) {
			this.renewInterval = renewInterval;
			return this;
		}

		/** Longest time {@link #start()} may take to find a code and reach its floor. Default 10 s. */
		public Builder startupWaitBudget(Duration startupWaitBudget) {
			this.startupWaitBudget = startupWaitBudget;
			return this;
		}

		/** Largest allowed difference between the worker and store clocks at startup. Default 1 s. */
		public Builder maxClockSkew(Duration maxClockSkew) {
			this.maxClockSkew = maxClockSkew;
			return this;
		}

		public Builder wallClock(InstantSource wallClock) {
			this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
			return this;
		}

		public Builder monotonicClock(MonotonicClock monotonicClock) {
			this.monotonicClock = Objects.requireNonNull(monotonicClock, "monotonic clock");
			return this;
		}

		/** How startup waits; tests advance a fake clock here. Default {@link Parker#system()}. */
		public Builder parker(Parker parker) {
			this.parker = Objects.requireNonNull(parker, "parker");
			return this;
		}

		public Builder listener(WorkerLeaseListener listener) {
			this.listeners.add(Objects.requireNonNull(listener, "listener"));
			return this;
		}

		/** Code to ask for first at startup, or -1 for any. Default -1. */
		public Builder preferredCode(int preferredCode) {
			this.preferredCode = preferredCode;
			return this;
		}

		/** Name of the renewal thread. */
		public Builder threadName(String threadName) {
			this.threadName = Objects.requireNonNull(threadName, "thread name");
			return this;
		}

		public WorkerLeaseKeeper build() {
			return new WorkerLeaseKeeper(this);
		}

	}

}
