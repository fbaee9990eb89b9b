package dev.snowflakeid.chaos;

/**
 * One planned fault.
 *
 * @param atMillis when it starts, in milliseconds after the campaign started
 * @param kind what it does
 * @param target the worker slot ({@code r0w1}) or Redis ({@code redis0}) it acts on
 * @param durationMillis how long it lasts; 0 for an instant fault
 * @param stepMillis for {@link FaultKind#CLOCK_STEP}, the signed clock step; otherwise 0
 */
public record Fault(long atMillis, FaultKind kind, String target, long durationMillis, long stepMillis) {

	/** When it ends, in milliseconds after the campaign started. */
	public long endMillis() {
		return this.atMillis + this.durationMillis;
	}

	/** One line for logs and reports. */
	public String describe() {
		StringBuilder text = new StringBuilder(this.kind.name()).append(' ').append(this.target);
		if (this.kind == FaultKind.CLOCK_STEP) {
			text.append(' ').append((this.stepMillis >= 0) ? "+" : "").append(this.stepMillis).append(" ms");
		}
		if (this.durationMillis > 0) {
			text.append(" for ").append(this.durationMillis).append(" ms");
		}
		return text.toString();
	}

}
