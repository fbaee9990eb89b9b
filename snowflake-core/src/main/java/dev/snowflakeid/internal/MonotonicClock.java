package dev.snowflakeid.internal;

/**
 * Elapsed-time source for deadlines and waits, independent of wall-clock steps. Values are only
 * meaningful as differences, compared with {@code a - b < 0}, as with {@link System#nanoTime()}.
 */
@FunctionalInterface
public interface MonotonicClock {

	long nanoTime();

	/** {@link System#nanoTime()}. */
	static MonotonicClock system() {
		return System::nanoTime;
	}

}
