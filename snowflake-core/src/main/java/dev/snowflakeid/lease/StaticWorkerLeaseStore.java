package dev.snowflakeid.lease;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import dev.snowflakeid.internal.Durations;

/**
 * A worker code fixed by deployment (a StatefulSet ordinal, a host slot), optionally with a state file
 * holding its high-water mark.
 *
 * <p>With a state file, every ceiling is written ahead to the file before the generator may use it, and
 * the floor of the next start is the mark read back. A restart whose clock lies behind the mark therefore
 * waits or refuses exactly like a Redis lease. The mark never decreases. The file is locked for this
 * process from construction to {@link #close()}, so a second process on the same file is refused at once
 * (see {@link StateFile}); a missing file is a first start, logged as a warning, unless it must exist.
 *
 * <p>Without a state file there is no floor and no ceiling: the operator guarantees that no two processes
 * ever run with the same code and that the clock never steps back across a restart.
 *
 * <p>Either way, one {@link UniquenessDomain} (state file or none, code, region) has one owner per JVM: a
 * second store of the same domain is refused with {@link WorkerCodeInUseException} until the first is
 * closed.
 */
public final class StaticWorkerLeaseStore implements WorkerLeaseStore, AutoCloseable {

	public static final Duration DEFAULT_CEILING_LEAD = Duration.ofSeconds(3);

	private static final String TOKEN = "static";

	private final int workerCode;

	private final UniquenessDomain domain;

	private final long ceilingLeadMillis;

	private final InstantSource clock;

	private final JvmClaims.Claim claim;

	private final Object monitor = new Object();

	// Guarded by monitor; null without a state file.
	private final StateFile stateFile;

	// Guarded by monitor.
	private long highWaterMark = Long.MIN_VALUE;

	/**
	 * A store of region 0 whose state file, if any, may be missing.
	 * @param workerCode the code, checked against the layout by the generator
	 * @param stateFile the high-water-mark file, or {@code null} for none
	 * @param ceilingLead how far ahead of the clock each written ceiling lies
	 * @param clock wall clock
	 * @see #builder(int)
	 */
	public StaticWorkerLeaseStore(int workerCode, Path stateFile, Duration ceilingLead, InstantSource clock) {
		this(builder(workerCode).stateFile(stateFile).ceilingLead(ceilingLead).clock(clock));
	}

	private StaticWorkerLeaseStore(Builder builder) {
		if (builder.workerCode < 0) {
			throw new IllegalArgumentException("worker code " + builder.workerCode + " is negative");
		}
		if (builder.region < 0) {
			throw new IllegalArgumentException("region " + builder.region + " is negative");
		}
		Duration ceilingLead = builder.ceilingLead;
		Durations.requirePositive("ceiling lead", ceilingLead);
		this.workerCode = builder.workerCode;
		this.ceilingLeadMillis = ceilingLead.toMillis();
		this.clock = Objects.requireNonNull(builder.clock, "clock");
		this.domain = UniquenessDomain.staticCode(builder.stateFile, builder.workerCode, builder.region);
		this.claim = JvmClaims.claim(this.domain, builder.owner);
		if (this.claim == null) {
			throw new WorkerCodeInUseException(this.domain, JvmClaims.holder(this.domain));
		}
		try {
			this.stateFile = (builder.stateFile != null)
					? StateFile.open(builder.stateFile, builder.workerCode, builder.stateFileMustExist, builder.owner)
					: null;
		}
		catch (RuntimeException ex) {
			this.claim.release();
			throw ex;
		}
	}

	/**
	 * Starts a store of {@code workerCode}.
	 * @param workerCode the code, checked against the layout by the generator
	 */
	public static Builder builder(int workerCode) {
		return new Builder(workerCode);
	}

	/** Whether ceilings are persisted, which borrow-ahead requires. */
	public boolean persistent() {
		return this.stateFile != null;
	}

	/** The state file, absolute, or {@code null}. */
	public Path stateFile() {
		return (this.stateFile != null) ? this.stateFile.path() : null;
	}

	/** The state file (or none), the code and the region. */
	public UniquenessDomain domain() {
		return this.domain;
	}

	@Override
	public LeaseGrant claim(int preferredCode) {
		long now = this.clock.millis();
		if (this.stateFile == null) {
			return new LeaseGrant(this.workerCode, 0, TOKEN, Long.MIN_VALUE, Long.MAX_VALUE, now, null);
		}
		synchronized (this.monitor) {
			long mark = this.stateFile.mark();
			this.highWaterMark = mark;
			// The first ceiling lies a lead above the floor even when the clock is still behind the mark.
			long ceiling = raise(Math.max(mark, now));
			return new LeaseGrant(this.workerCode, 0, TOKEN, mark, ceiling, now, null);
		}
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		long now = this.clock.millis();
		if (this.stateFile == null) {
			return LeaseRenewal.renewed(Long.MIN_VALUE, Long.MAX_VALUE, now);
		}
		synchronized (this.monitor) {
			// Only this process uses the file (it holds the file's lock), so the renewed range continues the
			// claimed one.
			return LeaseRenewal.renewed(grant.floorMillis(), raise(now), now);
		}
	}

	/** Nothing to give back: the mark already covers every used timestamp and never decreases. */
	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
	}

	@Override
	public String name() {
		return "static";
	}

	// Guarded by monitor.
	private long raise(long from) {
		long ceiling = Math.max(this.highWaterMark, from + this.ceilingLeadMillis);
		if (ceiling > this.highWaterMark) {
			this.stateFile.write(ceiling);
			this.highWaterMark = ceiling;
		}
		return ceiling;
	}

	/** Releases the state file's lock and this JVM's claim on the code. Idempotent. */
	@Override
	public void close() {
		synchronized (this.monitor) {
			if (this.stateFile != null) {
				this.stateFile.close();
			}
		}
		this.claim.release();
	}

	/** Configures a {@link StaticWorkerLeaseStore}; every setting but the code has a default. */
	public static final class Builder {

		private final int workerCode;

		private int region;

		private Path stateFile;

		private boolean stateFileMustExist;

		private Duration ceilingLead = DEFAULT_CEILING_LEAD;

		private InstantSource clock = InstantSource.system();

		private String owner = "a generator started by thread '" + Thread.currentThread().getName() + "'";

		private Builder(int workerCode) {
			this.workerCode = workerCode;
		}

		/** Region the code is used in; part of the uniqueness domain. Default 0. */
		public Builder region(int region) {
			this.region = region;
			return this;
		}

		/** High-water-mark file, or {@code null} for none. Default none. */
		public Builder stateFile(Path stateFile) {
			this.stateFile = stateFile;
			return this;
		}

		/** Whether a missing state file is refused instead of counting as a first start. Default false. */
		public Builder stateFileMustExist(boolean stateFileMustExist) {
			this.stateFileMustExist = stateFileMustExist;
			return this;
		}

		/** How far ahead of the clock each written ceiling lies. Default 3 s. */
		public Builder ceilingLead(Duration ceilingLead) {
			this.ceilingLead = ceilingLead;
			return this;
		}

		/** Wall clock. Default the system clock. */
		public Builder clock(InstantSource clock) {
			this.clock = clock;
			return this;
		}

		/** Who uses the code, named to a second owner that is refused, such as an application's name. */
		public Builder owner(String owner) {
			this.owner = Objects.requireNonNull(owner, "owner");
			return this;
		}

		/**
		 * Claims the domain in this JVM and opens the state file.
		 * @throws IllegalArgumentException if the code or region is negative or the ceiling lead not positive
		 * @throws WorkerCodeInUseException if a store of the same domain is open in this JVM
		 * @throws StateFileException if the state file is missing but must exist, locked, inaccessible,
		 * corrupt or out of range
		 */
		public StaticWorkerLeaseStore build() {
			return new StaticWorkerLeaseStore(this);
		}

	}

}
