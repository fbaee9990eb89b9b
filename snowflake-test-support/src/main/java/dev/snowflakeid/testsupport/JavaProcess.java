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
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.awaitility.core.ConditionTimeoutException;

/**
 * A {@code main} class run in a JVM of its own, on this JVM's class path unless told
 * otherwise, as an application runs in production: it can be killed, and it talks to the
 * test through its standard input and its output, which goes to a log file.
 */
public final class JavaProcess implements AutoCloseable {

	private final Process process;

	private final Path log;

	private JavaProcess(Process process, Path log) {
		this.process = process;
		this.log = log;
	}

	/** A process running {@code mainClass}. */
	public static Builder builder(String mainClass) {
		return new Builder(mainClass, false);
	}

	/**
	 * A process running an executable jar, as {@code java -jar jar} does: its manifest
	 * names the main class and the class path ({@link Builder#classPath} does not apply).
	 */
	public static Builder jar(Path jar) {
		return new Builder(jar.toString(), true);
	}

	public Process process() {
		return this.process;
	}

	public long pid() {
		return this.process.pid();
	}

	/** Everything the process printed so far. */
	public List<String> lines() {
		try {
			return Files.exists(this.log) ? Files.readAllLines(this.log, StandardCharsets.UTF_8) : List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Everything the process printed so far, as one text. */
	public String output() {
		return String.join("\n", lines());
	}

	/**
	 * Waits until the process printed a line matching {@code line} after the first
	 * {@code skip} such lines, and returns it; fails at once, with the output, if the
	 * process exits first.
	 */
	public String awaitLine(String what, Predicate<String> line, int skip, Duration atMost) {
		try {
			return Polling.await(what, atMost).pollInterval(Duration.ofMillis(20)).until(() -> {
				List<String> matching = lines().stream().filter(line).toList();
				if (matching.size() > skip) {
					return matching.get(skip);
				}
				if (!this.process.isAlive()) {
					throw new AssertionError(
							what + ": the process exited with " + this.process.exitValue() + ":\n" + output());
				}
				return null;
			}, (found) -> found != null);
		}
		catch (ConditionTimeoutException ex) {
			throw new AssertionError(ex.getMessage() + "; output:\n" + output(), ex);
		}
	}

	/**
	 * Waits until the process printed a line starting with {@code prefix}; returns it.
	 */
	public String awaitLine(String prefix, Duration atMost) {
		return awaitLine(prefix, (line) -> line.startsWith(prefix), 0, atMost);
	}

	/** Writes {@code line} to the process's standard input. */
	public void send(String line) {
		try {
			OutputStream in = this.process.getOutputStream();
			in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
			in.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Closes the process's standard input: the end of its input, for a process that waits
	 * for it.
	 */
	public void closeInput() {
		try {
			this.process.getOutputStream().close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Waits up to {@code atMost} for the process to exit; returns its exit status. */
	public int awaitExit(Duration atMost) {
		if (!Signals.awaitExit(this.process, atMost)) {
			throw new AssertionError("the process did not exit within " + atMost + ":\n" + output());
		}
		return this.process.exitValue();
	}

	/** SIGKILL. */
	public void kill() {
		Signals.kill(this.process);
	}

	/** SIGTERM (a graceful shutdown), SIGKILL after 20 s. */
	@Override
	public void close() {
		if (this.process.isAlive()) {
			this.process.destroy();
			if (!Signals.awaitExit(this.process, Duration.ofSeconds(20))) {
				kill();
			}
		}
	}

	/** How to start the process. */
	public static final class Builder {

		// the main class, or the path of an executable jar
		private final String mainClass;

		private final boolean executableJar;

		private final List<String> jvmOptions = new ArrayList<>();

		private final List<String> args = new ArrayList<>();

		private final Map<String, String> environment = new HashMap<>();

		private String classPath = System.getProperty("java.class.path");

		private Builder(String mainClass, boolean executableJar) {
			this.mainClass = mainClass;
			this.executableJar = executableJar;
		}

		/** Another class path than this JVM's, such as this one without a library. */
		public Builder classPath(String classPath) {
			this.classPath = classPath;
			return this;
		}

		/** JVM options, such as {@code -Xmx256m}. */
		public Builder jvmOptions(String... options) {
			this.jvmOptions.addAll(List.of(options));
			return this;
		}

		/** More environment variables, such as those of a {@link ShiftedWallClock}. */
		public Builder environment(Map<String, String> environment) {
			this.environment.putAll(environment);
			return this;
		}

		/** The arguments of {@code main}. */
		public Builder args(String... args) {
			this.args.addAll(List.of(args));
			return this;
		}

		/**
		 * Starts the process with its output (standard error included) written to
		 * {@code log}.
		 */
		public JavaProcess start(Path log) {
			List<String> command = new ArrayList<>();
			command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
			command.addAll(this.jvmOptions);
			command.addAll(this.executableJar ? List.of("-jar", this.mainClass)
					: List.of("-cp", this.classPath, this.mainClass));
			command.addAll(this.args);
			try {
				Files.createDirectories(log.toAbsolutePath().getParent());
				Files.deleteIfExists(log);
				ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
					.redirectOutput(log.toFile());
				builder.environment().putAll(this.environment);
				return new JavaProcess(builder.start(), log);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot start " + this.mainClass, ex);
			}
		}

	}

}
