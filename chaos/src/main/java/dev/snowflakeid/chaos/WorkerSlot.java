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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import dev.snowflakeid.testsupport.FaultProxy;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.ShiftedWallClock;
import dev.snowflakeid.testsupport.Signals;
import org.jspecify.annotations.Nullable;

/**
 * One worker position of the topology: a succession of worker JVMs (incarnations), each
 * writing its own {@link IdLog}, all reaching their lease store through the slot's
 * {@link FaultProxy} and reading their wall clock through the slot's libfaketime offset
 * file. Process faults hold {@link #lock()} so that they never interleave with each other
 * or with the supervisor's restart of a process that died by itself.
 */
final class WorkerSlot {

	private final String name;

	private final int region;

	private final Store store;

	private final FaultProxy proxy;

	private final Path dir;

	private final ShiftedWallClock clock;

	private final Path controlFile;

	private final Supplier<JavaProcess.Builder> worker;

	private final ReentrantLock lock = new ReentrantLock();

	private @Nullable JavaProcess process;

	private int incarnation;

	private long launchedAtNanos;

	private volatile long clockOffsetMillis;

	/**
	 * @param worker a new builder of the worker JVM, with its JVM options and the
	 * arguments all slots share
	 */
	WorkerSlot(String name, int region, Store store, FaultProxy proxy, Path dir, Supplier<JavaProcess.Builder> worker,
			Path faketime) {
		this.name = name;
		this.region = region;
		this.store = store;
		this.proxy = proxy;
		this.dir = dir;
		this.clock = new ShiftedWallClock(dir.resolve(name + ".faketime"), faketime);
		this.controlFile = dir.resolve(name + ".control");
		this.worker = worker;
	}

	String name() {
		return this.name;
	}

	int region() {
		return this.region;
	}

	FaultProxy proxy() {
		return this.proxy;
	}

	ReentrantLock lock() {
		return this.lock;
	}

	/** Starts the next incarnation; call with the lock held. */
	void launch() {
		int number = this.incarnation++;
		String base = String.format(Locale.ROOT, "%s-%03d", this.name, number);
		JavaProcess.Builder builder = this.worker.get()
			.args("--chaos.slot=" + this.name, "--chaos.incarnation=" + number,
					"--chaos.log=" + this.dir.resolve(base + ".bin"), "--chaos.control=" + this.controlFile,
					"--snowflake.region=" + this.region)
			.args(this.store.workerArguments(this.proxy.port()).toArray(String[]::new))
			.environment(this.clock.environment());
		this.launchedAtNanos = System.nanoTime();
		this.process = builder.start(this.dir.resolve(base + ".out"));
	}

	private @Nullable Process process() {
		return (this.process != null) ? this.process.process() : null;
	}

	/** Monotonic time of the last launch. */
	long launchedAtNanos() {
		return this.launchedAtNanos;
	}

	/**
	 * Whether the current incarnation has exited; its exit code then in
	 * {@link #exitCode()}.
	 */
	boolean exited() {
		return this.process != null && !this.process.process().isAlive();
	}

	int exitCode() {
		return Objects.requireNonNull(process(), "exited() saw a process").exitValue();
	}

	void pause() {
		Process process = process();
		if (process != null) {
			Signals.stop(process);
		}
	}

	void resume() {
		Process process = process();
		if (process != null) {
			Signals.resume(process);
		}
	}

	/** SIGKILL; call with the lock held. */
	void kill() {
		Process process = process();
		if (process != null) {
			Signals.kill(process);
		}
	}

	/**
	 * SIGTERM and a wait for the graceful shutdown (the generator stops, the code is
	 * released); SIGKILL after {@code graceSeconds}. Returns whether it exited by itself.
	 * Call with the lock held.
	 */
	boolean terminate(long graceSeconds) {
		Process process = process();
		if (process == null || !process.isAlive()) {
			return true;
		}
		Signals.resume(process);
		process.destroy();
		if (Signals.awaitExit(process, Duration.ofSeconds(graceSeconds))) {
			return true;
		}
		kill();
		return false;
	}

	/** Sets the process's wall clock to real time plus {@code offsetMillis}. */
	void offsetClock(long offsetMillis) {
		this.clockOffsetMillis = offsetMillis;
		this.clock.shift(Duration.ofMillis(offsetMillis));
	}

	long clockOffsetMillis() {
		return this.clockOffsetMillis;
	}

	/** Asks the process to issue flat out until monotonic instant {@code untilNanos}. */
	void spikeUntil(long untilNanos) {
		writeAtomically(this.controlFile, Long.toString(untilNanos));
	}

	private static void writeAtomically(Path file, String content) {
		try {
			Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
			Files.writeString(temp, content + "\n");
			Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
