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
package dev.snowflakeid.chaos;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The binary log one worker process writes: every ID it issued, every refusal, every
 * lease change, each stamped with {@link System#nanoTime()} (the system-wide monotonic
 * clock on Linux, shared with the orchestrator and left alone by libfaketime, so all
 * processes' records lie on one timeline).
 *
 * <p>
 * Layout: the magic {@code SFCHAOS1}, a header (slot, region, incarnation, pid, start
 * time), then records, each one type byte and a time delta (zigzag varint nanoseconds
 * since the previous record):
 * <ul>
 * <li>{@code I}: a count and the IDs as zigzag varint deltas from the previous ID of the
 * file (IDs of one process increase, so most deltas take one to three bytes; a decrease
 * is still recorded faithfully);</li>
 * <li>{@code R}: a refusal and its reason;</li>
 * <li>{@code L}: a lease change: event name, worker code (-1 for none), generation,
 * floor, ceiling.</li>
 * </ul>
 * Each record reaches the file in one {@code write} call before the issuing loop goes on,
 * so a SIGKILL loses nothing the process used; a reader stops quietly at a torn last
 * record.
 */
public final class IdLog {

	private static final byte[] MAGIC = "SFCHAOS1".getBytes(StandardCharsets.US_ASCII);

	private static final byte IDS = 'I';

	private static final byte REFUSAL = 'R';

	private static final byte LEASE = 'L';

	private IdLog() {
	}

	/** Why {@code nextId()} refused, as the log stores it. */
	public enum Refusal {

		CLOCK_MOVED_BACKWARDS, SEQUENCE_EXHAUSTED, LEASE_UNAVAILABLE, EPOCH_EXHAUSTED, OTHER;

		/** The refusal named {@code reason}, or {@link #OTHER} for an unknown name. */
		public static Refusal named(String reason) {
			for (Refusal each : values()) {
				if (each.name().equals(reason)) {
					return each;
				}
			}
			return OTHER;
		}

	}

	/**
	 * Who wrote a log.
	 *
	 * @param slot worker slot name, such as {@code r0w1}
	 * @param region region code the worker issues under
	 * @param incarnation how many processes ran in this slot before this one
	 * @param pid process id
	 * @param startNanos monotonic time at which the log was opened
	 */
	public record Header(String slot, int region, int incarnation, long pid, long startNanos) {
	}

	/**
	 * A lease as the worker's lease listener reported it.
	 *
	 * @param event the lease event's name
	 * @param workerCode worker code, or -1 when no lease is held after the event
	 * @param generation fencing generation
	 * @param floorMillis floor of the lease
	 * @param ceilingMillis ceiling of the lease at the time of the event
	 */
	public record Lease(String event, int workerCode, long generation, long floorMillis, long ceilingMillis) {

		/** Whether a lease was held after the event. */
		public boolean held() {
			return this.workerCode >= 0;
		}

	}

	/** Receives a log's contents in file order. */
	public interface Visitor {

		default void header(Header header) {
		}

		/** IDs issued by one call; {@code ids} is reused between calls. */
		default void ids(long nanos, long[] ids, int count) {
		}

		default void refusal(long nanos, Refusal reason) {
		}

		default void lease(long nanos, Lease lease) {
		}

	}

	/** Opens a new log at {@code file} and writes its header. */
	public static Writer create(Path file, Header header) {
		return new Writer(file, header);
	}

	/**
	 * Reads {@code file} into {@code visitor}.
	 * @return whether the file ended inside a record (a process killed mid-write, or a
	 * bug)
	 */
	public static boolean read(Path file, Visitor visitor) {
		try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
			Input input = new Input(in);
			byte[] magic = in.readNBytes(MAGIC.length);
			if (!java.util.Arrays.equals(magic, MAGIC)) {
				throw new IllegalStateException(file + " is not an ID log");
			}
			Header header = new Header(input.string(), (int) input.zigzag(), (int) input.zigzag(), input.zigzag(),
					input.fixed());
			visitor.header(header);
			long nanos = header.startNanos();
			long lastId = 0;
			long[] ids = new long[1024];
			while (true) {
				int type = in.read();
				if (type < 0) {
					return false;
				}
				try {
					nanos += input.zigzag();
					switch (type) {
						case IDS -> {
							int count = (int) input.zigzag();
							if (ids.length < count) {
								ids = new long[count];
							}
							for (int i = 0; i < count; i++) {
								lastId += input.zigzag();
								ids[i] = lastId;
							}
							visitor.ids(nanos, ids, count);
						}
						case REFUSAL -> visitor.refusal(nanos, Refusal.values()[(int) input.zigzag()]);
						case LEASE -> visitor.lease(nanos, new Lease(input.string(), (int) input.zigzag(),
								input.zigzag(), input.fixed(), input.fixed()));
						default -> throw new IllegalStateException(file + " has an unknown record type " + type);
					}
				}
				catch (EOFException ex) {
					return true;
				}
			}
		}
		catch (EOFException ex) {
			return true;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Appends records; thread-safe, each record in one write call. */
	public static final class Writer implements AutoCloseable {

		private final FileChannel channel;

		private ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

		private long lastNanos;

		private long lastId;

		private Writer(Path file, Header header) {
			try {
				this.channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			synchronized (this) {
				this.buffer.clear();
				this.buffer.put(MAGIC);
				putString(header.slot());
				putZigzag(header.region());
				putZigzag(header.incarnation());
				putZigzag(header.pid());
				this.buffer.putLong(header.startNanos());
				this.lastNanos = header.startNanos();
				flush();
			}
		}

		/** Records {@code count} IDs just returned by the generator. */
		public synchronized void ids(long[] ids, int count) {
			ensure(24 + count * 10L);
			start(IDS);
			putZigzag(count);
			for (int i = 0; i < count; i++) {
				putZigzag(ids[i] - this.lastId);
				this.lastId = ids[i];
			}
			flush();
		}

		public synchronized void refusal(Refusal reason) {
			start(REFUSAL);
			putZigzag(reason.ordinal());
			flush();
		}

		public synchronized void lease(Lease lease) {
			start(LEASE);
			putString(lease.event());
			putZigzag(lease.workerCode());
			putZigzag(lease.generation());
			this.buffer.putLong(lease.floorMillis());
			this.buffer.putLong(lease.ceilingMillis());
			flush();
		}

		private void start(byte type) {
			long now = System.nanoTime();
			this.buffer.clear();
			this.buffer.put(type);
			putZigzag(now - this.lastNanos);
			this.lastNanos = now;
		}

		private void ensure(long bytes) {
			if (this.buffer.capacity() < bytes) {
				this.buffer = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE, bytes));
			}
		}

		private void putString(String value) {
			byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
			putZigzag(bytes.length);
			this.buffer.put(bytes);
		}

		private void putZigzag(long value) {
			long bits = (value << 1) ^ (value >> 63);
			while ((bits & ~0x7FL) != 0) {
				this.buffer.put((byte) ((bits & 0x7F) | 0x80));
				bits >>>= 7;
			}
			this.buffer.put((byte) bits);
		}

		private void flush() {
			this.buffer.flip();
			try {
				while (this.buffer.hasRemaining()) {
					this.channel.write(this.buffer);
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		@Override
		public synchronized void close() {
			try {
				this.channel.close();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

	private static final class Input {

		private final InputStream in;

		Input(InputStream in) {
			this.in = in;
		}

		long zigzag() throws IOException {
			long bits = 0;
			int shift = 0;
			while (true) {
				int b = this.in.read();
				if (b < 0) {
					throw new EOFException();
				}
				bits |= (long) (b & 0x7F) << shift;
				if ((b & 0x80) == 0) {
					return (bits >>> 1) ^ -(bits & 1);
				}
				shift += 7;
				if (shift > 63) {
					throw new IOException("varint too long");
				}
			}
		}

		long fixed() throws IOException {
			byte[] bytes = this.in.readNBytes(8);
			if (bytes.length < 8) {
				throw new EOFException();
			}
			return ByteBuffer.wrap(bytes).getLong();
		}

		String string() throws IOException {
			int length = (int) zigzag();
			byte[] bytes = this.in.readNBytes(length);
			if (bytes.length < length) {
				throw new EOFException();
			}
			return new String(bytes, StandardCharsets.UTF_8);
		}

	}

}
