package dev.snowflakeid.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;

/** Signals to child processes, by their pid, through {@code kill}. */
final class Signals {

	private Signals() {
	}

	/** Sends {@code signal} (such as {@code STOP}) to {@code process} if it still runs. */
	static void send(String signal, Process process) {
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
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** SIGKILL, waiting until the process is gone. */
	static void kill(Process process) {
		if (process == null) {
			return;
		}
		process.destroyForcibly();
		awaitExit(process, 10);
	}

	/** Waits up to {@code seconds} for {@code process} to exit; returns whether it did. */
	static boolean awaitExit(Process process, long seconds) {
		try {
			return process.waitFor(seconds, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
