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

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;

import dev.snowflakeid.lease.WorkerLeaseException.StateFileException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import org.jspecify.annotations.Nullable;

/**
 * A worker code fixed by deployment (a StatefulSet ordinal, a host slot), optionally with
 * a state file holding its high-water mark.
 *
 * <p>
 * With a state file, every ceiling is written ahead to the file before the generator may
 * use it, and the floor of the next start is the mark read back. A restart whose clock
 * lies behind the mark therefore waits or refuses exactly like a Redis lease. The mark
 * never decreases. The file is locked for this process from construction to
 * {@link #close()}, so a second process on the same file is refused at once (see
 * {@link StateFile}); a missing file is a first start, reported to the keeper's
 * listeners, unless it must exist.
 *
 * <p>
 * Without a state file there is no ceiling: the operator guarantees that no two processes
 * ever run with the same code and that the clock never steps back across a restart.
 *
 * <p>
 * Either way, a code and region have one owner per JVM, whatever the state file (more
 * exactly, per class loader: two web applications in one servlet container do not see
 * each other): a second store of the same code and region is refused with
 * {@link WorkerCodeInUseException} until the first is closed, unless both were opened
 * with {@link Builder#share()} and the same settings, in which case they are handles on
 * one store that serves one grant at a time. When the last handle of a code closes, the
 * next store of the code and region in this JVM starts above the last millisecond its
 * released grants used, with or without a state file.
 */
public final class StaticWorkerLeaseStore implements WorkerLeaseStore, AutoCloseable {

	public static final Duration DEFAULT_CEILING_LEAD = Duration.ofSeconds(3);

	private final int workerCode;

	private final int region;

	private final boolean shared;

	private final String name;

	private final StaticCode code;

	/**
	 * A store of region 0 whose state file, if any, may be missing.
	 * @param workerCode the code, checked against the layout by the generator
	 * @param stateFile the high-water-mark file, or {@code null} for none
	 * @param ceilingLead how far ahead of the clock each written ceiling lies
	 * @param clock wall clock
	 * @see #builder(int)
	 */
	public StaticWorkerLeaseStore(int workerCode, @Nullable Path stateFile, Duration ceilingLead, InstantSource clock) {
		this(builder(workerCode).stateFile(stateFile).ceilingLead(ceilingLead).clock(clock), false);
	}

	private StaticWorkerLeaseStore(Builder builder, boolean share) {
		if (builder.workerCode < 0) {
			throw new IllegalArgumentException("worker code " + builder.workerCode + " is negative");
		}
		if (builder.region < 0) {
			throw new IllegalArgumentException("region " + builder.region + " is negative");
		}
		Duration ceilingLead = builder.ceilingLead;
		Durations.requirePositive("ceiling lead", ceilingLead);
		this.workerCode = builder.workerCode;
		this.region = builder.region;
		this.shared = share;
		this.name = builder.name;
		this.code = StaticCode.open(this, builder.workerCode, builder.region, builder.stateFile,
				builder.stateFileMustExist, ceilingLead, Objects.requireNonNull(builder.clock, "clock"), builder.owner,
				share);
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
		return this.code.stateFilePath() != null;
	}

	/** The state file, absolute, or {@code null}. */
	public @Nullable Path stateFile() {
		return this.code.stateFilePath();
	}

	/** The code. */
	public int workerCode() {
		return this.workerCode;
	}

	/** The region the code is used in. */
	public int region() {
		return this.region;
	}

	/**
	 * Whether this store was opened with {@link Builder#share()}, as one handle of those
	 * on its code.
	 */
	public boolean shared() {
		return this.shared;
	}

	/**
	 * Describes the state file if it did not exist when opened: the code started without
	 * a high-water mark. The keeper reports it as
	 * {@link LeaseEvent.Type#STARTED_WITHOUT_MARK}. {@code null} otherwise.
	 */
	@Nullable StateFileException startedWithoutMark() {
		return this.code.startedWithoutMark();
	}

	/** The state file (or none), the code and the region. */
	public UniquenessDomain domain() {
		return this.code.domain();
	}

	/**
	 * Grants the code, above the last millisecond its previous store in this JVM used and
	 * above the state file's mark.
	 * @throws WorkerCodeInUseException if a grant of this code (through another handle)
	 * is not released yet: a second generator on the code would issue the same IDs
	 */
	@Override
	public LeaseGrant claim(int preferredCode) {
		return this.code.claim(this.workerCode);
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		return this.code.renew(grant);
	}

	/**
	 * Keeps {@code lastUsedMillis} as the code's in-JVM mark for its next store; the
	 * state file's mark already covers every used timestamp and never decreases.
	 */
	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		this.code.release(grant, lastUsedMillis);
	}

	@Override
	public String name() {
		return this.name;
	}

	/**
	 * Drops this handle; the last handle of the code releases the state file's lock and
	 * this JVM's claim on the code and region. Idempotent.
	 */
	@Override
	public void close() {
		this.code.close(this);
	}

	/**
	 * Configures a {@link StaticWorkerLeaseStore}; every setting but the code has a
	 * default.
	 */
	public static final class Builder {

		private final int workerCode;

		private int region;

		private @Nullable Path stateFile;

		private boolean stateFileMustExist;

		private Duration ceilingLead = DEFAULT_CEILING_LEAD;

		private InstantSource clock = InstantSource.system();

		private String owner = "a generator started by thread '" + Thread.currentThread().getName() + "'";

		private String name = "static";

		private Builder(int workerCode) {
			this.workerCode = workerCode;
		}

		/**
		 * Region the code is used in; one owner per code and region in a JVM. Default 0.
		 */
		public Builder region(int region) {
			this.region = region;
			return this;
		}

		/** High-water-mark file, or {@code null} for none. Default none. */
		public Builder stateFile(@Nullable Path stateFile) {
			this.stateFile = stateFile;
			return this;
		}

		/**
		 * Whether a missing state file is refused instead of counting as a first start.
		 * Default false.
		 */
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

		/**
		 * Who uses the code, named to a second owner that is refused, such as an
		 * application's name.
		 */
		public Builder owner(String owner) {
			this.owner = Objects.requireNonNull(owner, "owner");
			return this;
		}

		/**
		 * Allocator name for health, metrics and logs, such as {@code kubernetes} for a
		 * StatefulSet's pod ordinal. Default {@code static}.
		 */
		public Builder name(String name) {
			this.name = Objects.requireNonNull(name, "name");
			return this;
		}

		/**
		 * Claims the code and region in this JVM and opens the state file.
		 * @throws IllegalArgumentException if the code or region is negative or the
		 * ceiling lead not positive
		 * @throws WorkerCodeInUseException if a store of the same code and region is open
		 * in this JVM
		 * @throws StateFileException if the state file is missing but must exist, locked,
		 * inaccessible, corrupt or out of range
		 */
		public StaticWorkerLeaseStore build() {
			return new StaticWorkerLeaseStore(this, false);
		}

		/**
		 * A handle on the store of the code and region that another {@code share()}
		 * opened with the same state file, must-exist setting and ceiling lead, or a
		 * newly opened store. The handles serve one grant at a time: they are meant for
		 * users that share one generator, as application contexts in one JVM do.
		 * @throws WorkerCodeInUseException if a store of the same code and region is open
		 * in this JVM with other settings
		 * ({@link WorkerCodeInUseException#differences()}) or without {@code share()}
		 * @throws StateFileException as {@link #build()}
		 */
		public StaticWorkerLeaseStore share() {
			return new StaticWorkerLeaseStore(this, true);
		}

	}

}
