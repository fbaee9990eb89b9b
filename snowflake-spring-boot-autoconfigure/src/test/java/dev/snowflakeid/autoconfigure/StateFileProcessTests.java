package dev.snowflakeid.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two real JVM processes on one state file: the second cannot start, and its failure analysis names the
 * file and the process that holds it. The lock ends with its holder, however it ends. The first start,
 * without the file, warns in the application's log.
 */
class StateFileProcessTests {

	private static final Duration DEADLINE = Duration.ofSeconds(90);

	@TempDir
	Path directory;

	private Process holder;

	@AfterEach
	void stopHolder() {
		if (this.holder != null) {
			this.holder.destroyForcibly();
		}
	}

	@Test
	void aSecondProcessOnTheSameStateFileCannotStartAndNamesTheFileAndTheHolder() throws Exception {
		Path stateFile = this.directory.resolve("worker.hwm");
		Path holderLog = this.directory.resolve("orders.log");
		this.holder = start(stateFile, "orders", holderLog);
		long holderPid = awaitReady(this.holder, holderLog);
		assertThat(holderPid).isEqualTo(this.holder.pid());
		assertThat(Files.readString(holderLog)).contains("WARN")
			.contains("Worker state file " + stateFile + " does not exist: worker code 1 starts without a high-water mark")
			.contains("IDs are unique within the domain [static worker code 1, region 0, state file " + stateFile + "]");

		Path secondLog = this.directory.resolve("billing.log");
		Process second = start(stateFile, "billing", secondLog);
		assertThat(second.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("second process exits").isTrue();
		String output = Files.readString(secondLog);
		assertThat(second.exitValue()).as(output).isNotZero();
		assertThat(output).doesNotContain("READY")
			.contains("APPLICATION FAILED TO START")
			.contains("The worker state file " + stateFile + " (snowflake.worker.state-file) is in use by process "
					+ holderPid + " (application context 'orders', since ")
			.contains("give each instance its own snowflake.worker.code and snowflake.worker.state-file");

		// This JVM is refused the same way while the holder runs.
		ApplicationContextRunner runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=1",
					"snowflake.worker.state-file=" + stateFile);
		runner.run((context) -> {
			FailureAnalysis analysis = StaticAllocatorTests.analyze(context, new StateFileLockedFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("is in use by process " + holderPid + " (application");
		});

		// A graceful stop releases the lock; so does SIGKILL, since the OS drops it with the process.
		this.holder.getOutputStream().close();
		assertThat(this.holder.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();
		assertThat(Files.readString(holderLog)).contains("STOPPED");
		this.holder = start(stateFile, "orders", holderLog);
		awaitReady(this.holder, holderLog);
		this.holder.destroyForcibly();
		assertThat(this.holder.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();
		runner.run((context) -> assertThat(context).hasNotFailed());
	}

	private static Process start(Path stateFile, String name, Path log) throws IOException {
		Files.deleteIfExists(log);
		return new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
				"-cp", System.getProperty("java.class.path"), StaticWorkerMain.class.getName(), stateFile.toString(), "1",
				name))
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
	}

	/** Waits for {@code READY <pid> <id>}; returns the pid. */
	private static long awaitReady(Process process, Path log) {
		String ready = await("READY from " + log.getFileName()).atMost(DEADLINE).until(() -> readyLine(process, log),
				(line) -> line != null);
		return Long.parseLong(ready.split(" ")[1]);
	}

	private static String readyLine(Process process, Path log) {
		try {
			List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
			if (!process.isAlive()) {
				throw new AssertionError("process exited with " + process.exitValue() + ":\n" + String.join("\n", lines));
			}
			return lines.stream().filter((line) -> line.startsWith("READY ")).findFirst().orElse(null);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
