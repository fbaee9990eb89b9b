package dev.snowflakeid;

import java.time.Instant;

/**
 * The fields of one Snowflake ID.
 *
 * <p>{@code timestamp} is the start of the tick the ID was issued in. It tells roughly when the ID was
 * created, nothing more: it is not commit order, and with borrow-ahead enabled it can lie up to the
 * configured borrow window ahead of wall time.
 *
 * @param id the raw 64-bit value
 * @param timestamp start of the tick encoded in the ID
 * @param region region code
 * @param worker worker code within the region
 * @param sequence position within the tick
 */
public record DecodedId(long id, Instant timestamp, int region, int worker, int sequence) {
}
