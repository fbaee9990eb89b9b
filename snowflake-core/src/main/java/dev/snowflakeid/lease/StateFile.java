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
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Objects;

import dev.snowflakeid.lease.WorkerLeaseException.StateFileException;
import org.jspecify.annotations.Nullable;

/**
 * The static allocator's high-water-mark file, held exclusively from {@link #open} to
 * {@link #close}.
 *
 * <p>
 * Exclusive: an OS lock ({@link FileChannel#tryLock()}) on a sibling {@code <name>.lock}
 * file, which names its holder ({@code process <pid> (<owner>, since <instant>)}); the
 * mark file itself cannot carry the lock because every write replaces it. The OS drops
 * the lock when the process dies, however it dies. Inside one JVM the lock cannot tell
 * two owners apart, so the real path is also claimed in {@link JvmClaims}. The lock file
 * is never deleted: a holder that deleted it on close could let a third process lock a
 * new file while a second one still locks the old.
 *
 * <p>
 * Read once, under the lock, at open; afterwards the mark in memory is the truth, and
 * every {@link #write} goes to a temporary file that is forced to disk and atomically
 * moved over the old one, then the directory is forced. Not thread-safe: the store calls
 * it under its own monitor.
 */
final class StateFile implements AutoCloseable {

	/**
	 * Latest plausible mark: 9999-12-31T23:59:59.999Z. Later values cannot come from a
	 * clock.
	 */
	static final long LATEST_MARK = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli();

	private static final int HOLDER_LIMIT = 300;

	private final Path file;

	private final Path temporary;

	private final FileChannel lockChannel;

	private final FileLock lock;

	private final JvmClaims.Claim claim;

	private long mark;

	// Set when the file did not exist at open: the code started without a mark.
	private @Nullable StateFileException missing;

	private StateFile(Path file, Path temporary, FileChannel lockChannel, FileLock lock, JvmClaims.Claim claim) {
		this.file = file;
		this.temporary = temporary;
		this.lockChannel = lockChannel;
		this.lock = lock;
		this.claim = claim;
	}

	/**
	 * Locks {@code path} for this process and reads its mark. A missing file counts as a
	 * first start of the code unless {@code mustExist}: the keeper reports it as
	 * {@link LeaseEvent.Type#STARTED_WITHOUT_MARK}.
	 * @param owner who opens it, for the lock file and for the message a second owner
	 * gets
	 * @throws StateFileException (MISSING) if the file does not exist and
	 * {@code mustExist}
	 * @throws StateFileException (LOCKED) if another process or another owner in this JVM
	 * holds it
	 * @throws StateFileException (ACCESS) if the file cannot be read or its directory
	 * written
	 * @throws StateFileException (CORRUPT) if the file holds no number
	 * @throws StateFileException (OUT_OF_RANGE) if the number is not a time between 1970
	 * and 9999
	 */
	static StateFile open(Path path, int workerCode, boolean mustExist, String owner) {
		Path file = path.toAbsolutePath().normalize();
		if (mustExist && !Files.exists(file)) {
			throw StateFileException.missing(file, workerCode);
		}
		// Absolute and normalized: only the root has no parent, and the root is no file.
		Path directory = Objects.requireNonNull(file.getParent(), "state file has no parent directory");
		Path lockFile = directory.resolve(file.getFileName() + ".lock");
		Path key;
		try {
			Files.createDirectories(directory);
			// Links to one file meet in one key: a second channel on a file this JVM has
			// locked must never be
			// opened, since closing it may drop the first channel's lock.
			key = directory.toRealPath().resolve(file.getFileName());
		}
		catch (IOException ex) {
			throw StateFileException.access(file, "cannot create the lock file " + lockFile, ex);
		}
		JvmClaims.Claim claim = JvmClaims.claim(key, owner);
		if (claim == null) {
			throw StateFileException.locked(file, lockFile, "this JVM (" + JvmClaims.holder(key) + ")");
		}
		FileChannel channel = null;
		try {
			channel = openLockChannel(file, lockFile);
			FileLock lock = tryLock(file, lockFile, channel);
			StateFile opened = new StateFile(file, directory.resolve(file.getFileName() + ".tmp"), channel, lock,
					claim);
			opened.hold(owner);
			opened.mark = opened.read(workerCode, mustExist);
			return opened;
		}
		catch (RuntimeException ex) {
			closeQuietly(channel);
			claim.release();
			throw ex;
		}
	}

	private static FileChannel openLockChannel(Path file, Path lockFile) {
		try {
			return FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
					StandardOpenOption.WRITE);
		}
		catch (IOException ex) {
			throw StateFileException.access(file, "cannot create the lock file " + lockFile, ex);
		}
	}

	private static FileLock tryLock(Path file, Path lockFile, FileChannel channel) {
		FileLock lock;
		try {
			lock = channel.tryLock();
		}
		catch (OverlappingFileLockException ex) {
			// A hard link to a lock file this JVM holds.
			throw StateFileException.locked(file, lockFile, "this JVM (through another path to the file)");
		}
		catch (IOException ex) {
			throw StateFileException.access(file, "cannot lock " + lockFile, ex);
		}
		if (lock == null) {
			throw StateFileException.locked(file, lockFile, holder(channel));
		}
		return lock;
	}

	private static String holder(FileChannel channel) {
		try {
			ByteBuffer buffer = ByteBuffer.allocate(HOLDER_LIMIT);
			channel.read(buffer, 0);
			String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
			return text.isEmpty() ? "another process (its lock file names none)" : text;
		}
		catch (IOException ex) {
			return "another process (its lock file cannot be read: " + ex.getMessage() + ")";
		}
	}

	private void hold(String owner) {
		String holder = "process " + ProcessHandle.current().pid() + " (" + owner + ", since " + Instant.now() + ")\n";
		try {
			this.lockChannel.truncate(0);
			this.lockChannel.write(ByteBuffer.wrap(holder.getBytes(StandardCharsets.UTF_8)), 0);
			this.lockChannel.force(false);
			// Proves the directory takes the temporary file every write needs, and clears
			// one left by a crash.
			Files.deleteIfExists(this.temporary);
			Files.createFile(this.temporary);
			Files.delete(this.temporary);
		}
		catch (IOException ex) {
			throw StateFileException.access(this.file, "cannot write next to the state file", ex);
		}
	}

	private long read(int workerCode, boolean mustExist) {
		if (!Files.exists(this.file)) {
			if (mustExist) {
				throw StateFileException.missing(this.file, workerCode);
			}
			this.missing = StateFileException.missing(this.file, workerCode);
			return Long.MIN_VALUE;
		}
		String text;
		try {
			text = Files.readString(this.file, StandardCharsets.US_ASCII).strip();
		}
		catch (IOException ex) {
			throw StateFileException.access(this.file, "cannot read worker state file " + this.file, ex);
		}
		long value;
		try {
			value = Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			throw StateFileException.corrupt(this.file, text);
		}
		if (value < 0 || value > LATEST_MARK) {
			throw StateFileException.outOfRange(this.file, value);
		}
		return value;
	}

	Path path() {
		return this.file;
	}

	/** Describes the file if it did not exist when opened, or {@code null}. */
	@Nullable StateFileException missing() {
		return this.missing;
	}

	/**
	 * The highest mark read or written, or {@link Long#MIN_VALUE} for a file that did not
	 * exist.
	 */
	long mark() {
		return this.mark;
	}

	/**
	 * Persists {@code mark}; returns once it is on disk.
	 * @throws LeaseStoreUnavailableException if it cannot be written, or the file was
	 * closed
	 */
	void write(long mark) {
		if (!this.lock.isValid()) {
			throw new LeaseStoreUnavailableException("worker state file " + this.file + " is closed", null);
		}
		Path directory = this.file.getParent();
		try {
			try (FileChannel channel = FileChannel.open(this.temporary, StandardOpenOption.CREATE,
					StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
				channel.write(ByteBuffer.wrap((mark + "\n").getBytes(StandardCharsets.US_ASCII)));
				channel.force(true);
			}
			Files.move(this.temporary, this.file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
				dir.force(true);
			}
		}
		catch (IOException ex) {
			throw new LeaseStoreUnavailableException("cannot write worker state file " + this.file, ex);
		}
		this.mark = mark;
	}

	/** Clears the holder from the lock file and releases the lock. Idempotent. */
	@Override
	public void close() {
		if (this.lockChannel.isOpen()) {
			try {
				this.lockChannel.truncate(0);
			}
			catch (IOException ex) {
				// the next holder overwrites it
			}
			closeQuietly(this.lockChannel);
		}
		this.claim.release();
	}

	private static void closeQuietly(@Nullable FileChannel channel) {
		if (channel != null) {
			try {
				// closing the channel releases its lock
				channel.close();
			}
			catch (IOException ex) {
				// nothing left to release
			}
		}
	}

}
