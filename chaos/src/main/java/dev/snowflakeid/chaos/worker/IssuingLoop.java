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
package dev.snowflakeid.chaos.worker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.chaos.IdLog;
import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;

/**
 * Issues IDs on one thread for as long as the application runs and records each call's
 * outcome: mostly single IDs and small batches a few milliseconds apart, now and then a
 * burst of a few thousand, and flat out (batches of {@value #SPIKE_BATCH}, no pause)
 * while the orchestrator asks for a load spike through the control file, which holds the
 * {@link System#nanoTime()} at which the spike ends.
 *
 * <p>
 * Stops before the generator does at shutdown (lifecycle beans stop before singletons are
 * destroyed).
 */
final class IssuingLoop implements SmartLifecycle {

	static final int SPIKE_BATCH = 1024;

	private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(4);

	private static final long CONTROL_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	private final IdGenerator ids;

	private final IdLog.Writer log;

	private final Path control;

	private final SplittableRandom random;

	private volatile boolean running;

	private @Nullable Thread thread;

	IssuingLoop(IdGenerator ids, IdLog.Writer log, Path control, long seed) {
		this.ids = ids;
		this.log = log;
		this.control = control;
		this.random = new SplittableRandom(seed);
	}

	@Override
	public void start() {
		this.running = true;
		this.thread = new Thread(this::run, "chaos-issuing");
		this.thread.start();
	}

	@Override
	public void stop() {
		this.running = false;
		if (this.thread != null) {
			try {
				this.thread.join(TimeUnit.SECONDS.toMillis(5));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	private void run() {
		long[] one = new long[1];
		long nextControlCheck = System.nanoTime();
		long spikeUntil = 0;
		while (this.running) {
			long now = System.nanoTime();
			if (now - nextControlCheck >= 0) {
				spikeUntil = readControl(spikeUntil);
				nextControlCheck = now + CONTROL_CHECK_NANOS;
			}
			boolean spike = spikeUntil - now > 0;
			int count = spike ? SPIKE_BATCH
					: (this.random.nextInt(200) == 0) ? 200 + this.random.nextInt(2800) : 1 + this.random.nextInt(8);
			try {
				if (count == 1) {
					one[0] = this.ids.nextId();
					this.log.ids(one, 1);
				}
				else {
					this.log.ids(this.ids.nextIds(count), count);
				}
				if (!spike) {
					LockSupport.parkNanos(PAUSE_NANOS);
				}
			}
			catch (IdGenerationException ex) {
				this.log.refusal(IdLog.Refusal.named(ex.reason().name()));
				LockSupport.parkNanos(PAUSE_NANOS);
			}
			catch (RuntimeException ex) {
				this.log.refusal(IdLog.Refusal.OTHER);
				LockSupport.parkNanos(PAUSE_NANOS);
			}
		}
	}

	private long readControl(long previous) {
		try {
			String text = Files.readString(this.control).trim();
			return text.isEmpty() ? previous : Long.parseLong(text);
		}
		catch (NoSuchFileException ex) {
			return previous;
		}
		catch (IOException | NumberFormatException ex) {
			// the orchestrator is rewriting the file; read it again next time
			return previous;
		}
	}

}
