package dev.snowflakeid.lease;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;

/**
 * A worker code fixed by deployment (a StatefulSet ordinal, a host slot), optionally with a state file
 * holding its high-water mark.
 *
 * <p>With a state file, every ceiling is written ahead to the file (to a temporary file that is forced
 * to disk and atomically moved over the old one, then the directory is forced) before the generator may
 * use it, and the floor of the next start is the mark read back. A restart whose clock lies behind the
 * mark therefore waits or refuses exactly like a Redis lease. The mark never decreases.
 *
 * <p>Without a state file there is no floor and no ceiling: the operator guarantees that no two processes
 * ever run with the same code and that the clock never steps back across a restart.
 */
public final class StaticWorkerLeaseStore implements WorkerLeaseStore {

	public static final Duration DEFAULT_CEILING_LEAD = Duration.ofSeconds(3);

	private static final String TOKEN = "static";

	private final int workerCode;

	private final Path stateFile;

	private final long ceilingLeadMillis;

	private final InstantSource clock;

	private final Object monitor = new Object();

	// Guarded by monitor.
	private long highWaterMark = Long.MIN_VALUE;

	/**
	 * @param workerCode the code, checked against the layout by the generator
	 * @param stateFile the high-water-mark file, or {@code null} for none
	 * @param ceilingLead how far ahead of the clock each written ceiling lies
	 * @param clock wall clock
	 */
	public StaticWorkerLeaseStore(int workerCode, Path stateFile, Duration ceilingLead, InstantSource clock) {
		if (workerCode < 0) {
			throw new IllegalArgumentException("worker code " + workerCode + " is negative");
		}
		if (ceilingLead == null || ceilingLead.isNegative() || ceilingLead.isZero()) {
			throw new IllegalArgumentException("ceiling lead must be positive but was " + ceilingLead);
		}
		this.workerCode = workerCode;
		this.stateFile = stateFile;
		this.ceilingLeadMillis = ceilingLead.toMillis();
		this.clock = Objects.requireNonNull(clock, "clock");
	}

	/** Whether ceilings are persisted, which borrow-ahead requires. */
	public boolean persistent() {
		return this.stateFile != null;
	}

	/** The state file, or {@code null}. */
	public Path stateFile() {
		return this.stateFile;
	}

	@Override
	public LeaseGrant claim(int preferredCode) {
		long now = this.clock.millis();
		if (this.stateFile == null) {
			return new LeaseGrant(this.workerCode, 0, TOKEN, Long.MIN_VALUE, Long.MAX_VALUE, now, null);
		}
		synchronized (this.monitor) {
			long mark = read();
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
			// Only this process uses the file (the operator guarantees one process per code), so the
			// renewed range continues the claimed one.
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
			write(ceiling);
			this.highWaterMark = ceiling;
		}
		return ceiling;
	}

	private long read() {
		if (!Files.exists(this.stateFile)) {
			return Long.MIN_VALUE;
		}
		String text;
		try {
			text = Files.readString(this.stateFile, StandardCharsets.US_ASCII).trim();
		}
		catch (IOException ex) {
			throw new LeaseStoreUnavailableException("cannot read worker state file " + this.stateFile, ex);
		}
		try {
			return Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			throw new LeaseStoreUnavailableException("worker state file " + this.stateFile
					+ " does not hold a high-water mark (milliseconds since 1970) but '" + text
					+ "'; restore it, or delete it only if no process used worker code " + this.workerCode
					+ " within the last ceiling lead", ex);
		}
	}

	private void write(long mark) {
		Path directory = this.stateFile.toAbsolutePath().getParent();
		Path temporary = directory.resolve(this.stateFile.getFileName() + ".tmp");
		try {
			Files.createDirectories(directory);
			try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
					StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
				channel.write(ByteBuffer.wrap((mark + "\n").getBytes(StandardCharsets.US_ASCII)));
				channel.force(true);
			}
			Files.move(temporary, this.stateFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
				dir.force(true);
			}
		}
		catch (IOException ex) {
			throw new LeaseStoreUnavailableException("cannot write worker state file " + this.stateFile, ex);
		}
	}

}
