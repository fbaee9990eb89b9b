package dev.snowflakeid.lease;

import java.time.Duration;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.internal.Parker;
import dev.snowflakeid.internal.RenewalScheduler;

/**
 * Runs a keeper's renewal rounds on a fake clock: whenever a caller parks (or {@link #advance} is called),
 * time moves on and every round that falls due meanwhile runs, in order.
 */
final class ManualRounds implements RenewalScheduler, Parker {

	private final FakeTime time;

	private Runnable round;

	private long next;

	private long period;

	int rounds;

	ManualRounds(FakeTime time) {
		this.time = time;
	}

	@Override
	public AutoCloseable schedule(Runnable round, long firstDelayNanos, long periodNanos) {
		this.round = round;
		this.next = this.time.nanoTime() + firstDelayNanos;
		this.period = periodNanos;
		return () -> this.round = null;
	}

	@Override
	public void park(long nanos) {
		long target = this.time.nanoTime() + Math.max(1, nanos);
		while (this.round != null && this.next <= target) {
			this.time.advance(Duration.ofNanos(Math.max(0, this.next - this.time.nanoTime())));
			this.rounds++;
			this.round.run();
			this.next = this.time.nanoTime() + this.period;
		}
		this.time.advance(Duration.ofNanos(Math.max(0, target - this.time.nanoTime())));
	}

	void advance(Duration duration) {
		park(duration.toNanos());
	}

}
