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

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * A worker code could not be obtained or kept safely. One family, nested here as Spring's
 * {@code HttpClientErrorException.NotFound} is, so that an analyzer or a caller handles
 * it exhaustively.
 *
 * <p>
 * {@link LeaseStoreUnavailableException} is the one member that other modules extend (a
 * lease store names its transport's failures, such as an unreachable Redis), so it is
 * {@code non-sealed} and lives on its own.
 */
public abstract sealed class WorkerLeaseException extends RuntimeException
		permits LeaseStoreUnavailableException, WorkerLeaseException.NoFreeWorkerCodeException,
		WorkerLeaseException.WorkerCodeInUseException, WorkerLeaseException.StoreMismatchException,
		WorkerLeaseException.ClockException, WorkerLeaseException.StateFileException {

	private static final long serialVersionUID = 1L;

	WorkerLeaseException(String message, @Nullable Throwable cause) {
		super(message, cause);
	}

	/** Every worker code of the region is held by a live owner. */
	public static final class NoFreeWorkerCodeException extends WorkerLeaseException {

		private static final long serialVersionUID = 1L;

		private final int region;

		private final int codes;

		public NoFreeWorkerCodeException(int region, int codes) {
			super("no free worker code in region " + region + ": all " + codes + " codes are leased", null);
			this.region = region;
			this.codes = codes;
		}

		public int region() {
			return this.region;
		}

		/** Worker codes in the region. */
		public int codes() {
			return this.codes;
		}

	}

	/**
	 * The lease store was set up for another layout, region or timing than this worker's:
	 * sharing its codes could issue one ID twice.
	 */
	public static final class StoreMismatchException extends WorkerLeaseException {

		private static final long serialVersionUID = 1L;

		private final @Nullable String store;

		public StoreMismatchException(String message) {
			this(message, null);
		}

		/** A refusal by the store named {@code store}. */
		public StoreMismatchException(String message, @Nullable String store) {
			super(message, null);
			this.store = store;
		}

		/** The name of the store that refused, or {@code null} when not given. */
		public @Nullable String store() {
			return this.store;
		}

	}

	/**
	 * A clock does not allow a safe start or claim; {@link #reason()} says which way, for
	 * an exhaustive {@code switch}.
	 */
	public abstract static sealed class ClockException extends WorkerLeaseException
			permits ClockBehindException, ClockSkewException {

		private static final long serialVersionUID = 1L;

		private final Reason reason;

		ClockException(Reason reason, String message) {
			super(message, null);
			this.reason = reason;
		}

		public Reason reason() {
			return this.reason;
		}

		/** How a clock stands in the way. */
		public enum Reason {

			/** The clock lies behind a code's floor beyond the startup budget. */
			BEHIND,

			/** The worker's and the store's clocks differ beyond the allowed skew. */
			SKEW

		}

	}

	/**
	 * At startup the wall clock lies further behind a worker code's floor (its high-water
	 * mark or quarantine) than the startup wait budget allows: issuing now could repeat
	 * an earlier owner's IDs.
	 */
	public static final class ClockBehindException extends ClockException {

		private static final long serialVersionUID = 1L;

		private final long behindMillis;

		public ClockBehindException(String message, long behindMillis) {
			super(Reason.BEHIND, message);
			this.behindMillis = behindMillis;
		}

		/**
		 * How far the clock had yet to advance before a whole tick of the generator lay
		 * above the floor, in milliseconds: with a one-millisecond tick, how far it was
		 * behind the floor, plus one.
		 */
		public long behindMillis() {
			return this.behindMillis;
		}

	}

	/**
	 * The worker's wall clock and the lease store's clock disagree by more than the
	 * allowed skew.
	 */
	public static final class ClockSkewException extends ClockException {

		private static final long serialVersionUID = 1L;

		private final long skewMillis;

		public ClockSkewException(String message, long skewMillis) {
			super(Reason.SKEW, message);
			this.skewMillis = skewMillis;
		}

		/** Worker clock minus store clock, in milliseconds. */
		public long skewMillis() {
			return this.skewMillis;
		}

	}

	/**
	 * A static worker code is already used in this JVM in the same region: two generators
	 * with one code would issue the same IDs. Users with the same settings share one
	 * generator; this is thrown when the settings differ ({@link #differences()} says
	 * which), or when a second generator would be started on a code that one already
	 * serves.
	 */
	public static final class WorkerCodeInUseException extends WorkerLeaseException {

		private static final long serialVersionUID = 1L;

		private final transient UniquenessDomain domain;

		private final String holder;

		private final transient List<Difference> differences;

		public WorkerCodeInUseException(UniquenessDomain domain, String holder) {
			this(domain, holder, List.of());
		}

		/**
		 * @param domain the domain the first owner holds
		 * @param holder the first owner
		 * @param differences the settings in which the refused user differs from the
		 * first owner; empty when they agree but a second generator would be started
		 */
		public WorkerCodeInUseException(UniquenessDomain domain, String holder, List<Difference> differences) {
			super(domain + ": already held in this JVM by " + holder
					+ (differences.isEmpty() ? "" : " with other settings ("
							+ differences.stream().map(Difference::toString).collect(Collectors.joining("; ")) + ")"),
					null);
			this.domain = domain;
			this.holder = holder;
			this.differences = List.copyOf(differences);
		}

		/** The domain the first owner holds. */
		public UniquenessDomain domain() {
			return this.domain;
		}

		/** The first owner. */
		public String holder() {
			return this.holder;
		}

		/**
		 * The settings that keep the refused user from sharing the first owner's
		 * generator; may be empty.
		 */
		public List<Difference> differences() {
			return this.differences;
		}

		/**
		 * A setting that users of one static worker code and region must agree on to
		 * share its generator.
		 */
		public enum Setting {

			/** The high-water-mark file, or none. */
			STATE_FILE,

			/** Whether a missing state file is refused. */
			STATE_FILE_MUST_EXIST,

			/** How far ahead of the clock each written ceiling lies. */
			CEILING_LEAD,

			TIMESTAMP_BITS, REGION_BITS, WORKER_BITS, SEQUENCE_BITS, TICK, EPOCH,

			ROLLBACK_WAIT_BUDGET, EXHAUSTION_WAIT_BUDGET, SEQUENCE_START, BORROW_AHEAD, FORWARD_JUMP_ALERT,

			RENEW_INTERVAL, STARTUP_WAIT_BUDGET

		}

		/**
		 * One setting in which two users differ.
		 *
		 * @param setting the setting
		 * @param held the first owner's value
		 * @param requested the refused user's value
		 */
		public record Difference(Setting setting, String held, String requested) {

			@Override
			public String toString() {
				return this.setting.name().toLowerCase().replace('_', ' ') + " " + this.held + " there, "
						+ this.requested + " here";
			}

		}

	}

	/**
	 * The static allocator's state file cannot be used safely, found at startup before
	 * any ID is issued; the {@link #reason()} says how. Not retried: unlike an
	 * unreachable lease store, waiting does not fix a file.
	 */
	public static final class StateFileException extends WorkerLeaseException {

		private static final long serialVersionUID = 1L;

		private static final int SHOWN = 40;

		private final Reason reason;

		private final transient Path file;

		private final @Nullable String holder;

		private final long mark;

		private StateFileException(Reason reason, Path file, String message, @Nullable Throwable cause,
				@Nullable String holder, long mark) {
			super(message, cause);
			this.reason = reason;
			this.file = file;
			this.holder = holder;
			this.mark = mark;
		}

		static StateFileException access(Path file, String what, IOException cause) {
			return new StateFileException(Reason.ACCESS, file, what + ": " + cause, cause, null, 0);
		}

		static StateFileException corrupt(Path file, String content) {
			return new StateFileException(Reason.CORRUPT, file,
					"worker state file " + file + " does not hold a high-water mark (milliseconds since 1970) but '"
							+ ((content.length() <= SHOWN) ? content : content.substring(0, SHOWN) + "...") + "'",
					null, null, 0);
		}

		static StateFileException locked(Path file, Path lockFile, String holder) {
			return new StateFileException(Reason.LOCKED, file,
					"worker state file " + file + " is in use by " + holder + " (lock " + lockFile + ")", null, holder,
					0);
		}

		static StateFileException missing(Path file, int workerCode) {
			return new StateFileException(Reason.MISSING, file,
					"worker state file " + file + " of worker code " + workerCode + " does not exist", null, null, 0);
		}

		static StateFileException outOfRange(Path file, long mark) {
			return new StateFileException(Reason.OUT_OF_RANGE, file,
					"worker state file " + file + " holds the high-water mark " + mark
							+ ", which is not a time between 1970 and 9999 in milliseconds",
					null, null, mark);
		}

		public Reason reason() {
			return this.reason;
		}

		/** The state file, absolute. */
		public Path file() {
			return this.file;
		}

		/**
		 * Who holds the lock, such as
		 * {@code process 4711 (application 'orders', since ...)}, for
		 * {@link Reason#LOCKED}; otherwise {@code null}.
		 */
		public @Nullable String holder() {
			return this.holder;
		}

		/** The number found, for {@link Reason#OUT_OF_RANGE}; otherwise 0. */
		public long mark() {
			return this.mark;
		}

		/** What is wrong with the file. */
		public enum Reason {

			/**
			 * The file cannot be read, or its directory cannot hold the lock file and the
			 * temporary file written next to it (permissions, a read-only or missing
			 * mount, a directory where the file should be).
			 */
			ACCESS,

			/**
			 * The file holds something other than a high-water mark in milliseconds since
			 * 1970.
			 */
			CORRUPT,

			/**
			 * Another owner, in another process or in this JVM, holds the file's lock:
			 * two owners of one file would raise the same mark and issue the same IDs.
			 */
			LOCKED,

			/**
			 * The file does not exist and is required to: a fresh start would forget the
			 * code's mark.
			 */
			MISSING,

			/**
			 * The file holds a number that no clock could have written: before 1970 or
			 * after 9999, where adding the ceiling lead could overflow.
			 */
			OUT_OF_RANGE

		}

	}

}
