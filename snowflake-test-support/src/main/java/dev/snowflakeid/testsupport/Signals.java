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
package dev.snowflakeid.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * Faults of a whole process, by signal: SIGSTOP freezes it with its sockets open (a VM
 * pause, a long GC), SIGCONT resumes it, SIGKILL ends it without any shutdown.
 */
public final class Signals {

	private Signals() {
	}

	/** SIGSTOP; nothing happens to a process that has already exited. */
	public static void stop(@Nullable Process process) {
		send("STOP", process);
	}

	/** SIGCONT; nothing happens to a process that has already exited. */
	public static void resume(@Nullable Process process) {
		send("CONT", process);
	}

	/** SIGKILL (a stopped process dies as well), waiting up to 10 s until it is gone. */
	public static void kill(@Nullable Process process) {
		if (process == null) {
			return;
		}
		process.destroyForcibly();
		if (!awaitExit(process, Duration.ofSeconds(10))) {
			throw new IllegalStateException("process " + process.pid() + " did not die on SIGKILL");
		}
	}

	/**
	 * Waits up to {@code timeout} for {@code process} to exit; returns whether it did.
	 */
	public static boolean awaitExit(Process process, Duration timeout) {
		try {
			return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * Sends {@code signal} (such as {@code TERM}) through {@code kill}, if
	 * {@code process} still runs.
	 */
	public static void send(String signal, @Nullable Process process) {
		if (process == null || !process.isAlive()) {
			return;
		}
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (!kill.waitFor(5, TimeUnit.SECONDS)) {
				kill.destroyForcibly();
				throw new IllegalStateException("kill -" + signal + " " + process.pid() + " did not return within 5 s");
			}
			if (kill.exitValue() != 0 && process.isAlive()) {
				throw new IllegalStateException(
						"kill -" + signal + " " + process.pid() + " exited with " + kill.exitValue());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
