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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A tool of the machine (promtool, npm, node) run to completion with nothing on its
 * standard input, its output (standard error included) kept for assertion messages. A
 * {@code main} class runs in a {@link JavaProcess} instead.
 */
public record Command(int exitCode, String output) {

	/**
	 * Runs {@code command} in {@code directory}; a tool still running after
	 * {@code timeout} is killed and fails the call with its output.
	 * @param install how to get the tool when it is missing, for the failure message
	 */
	public static Command run(Path directory, Duration timeout, String install, String... command) {
		return run(directory, timeout, install, Map.of(), command);
	}

	/**
	 * Runs {@code command} as {@link #run(Path, Duration, String, String...)} does, with
	 * {@code environment} added to this JVM's (such as a {@link ShiftedWallClock}'s).
	 */
	public static Command run(Path directory, Duration timeout, String install, Map<String, String> environment,
			String... command) {
		String line = String.join(" ", command);
		try {
			Path log = Files.createTempFile("command", ".log");
			try {
				Process process = start(directory, log, install, environment, command);
				process.getOutputStream().close();
				if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
					process.destroyForcibly();
					throw new IllegalStateException(
							line + " did not finish within " + timeout + ":\n" + Files.readString(log));
				}
				return new Command(process.exitValue(), Files.readString(log));
			}
			finally {
				Files.deleteIfExists(log);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException(line + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while running " + line, ex);
		}
	}

	private static Process start(Path directory, Path log, String install, Map<String, String> environment,
			String... command) {
		try {
			ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile());
			builder.environment().putAll(environment);
			return builder.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException(command[0] + " cannot be run (" + ex.getMessage() + "); " + install, ex);
		}
	}

}
