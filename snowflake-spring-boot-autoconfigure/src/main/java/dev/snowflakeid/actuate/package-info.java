/**
 * Actuator and Micrometer integration: the {@code snowflake} health indicator, the {@code snowflake}
 * endpoint (layout, lease, counters, ID decoding) and the {@code snowflake.*} meters. Everything here
 * reads state the generator and the lease keeper already keep; nothing runs on the ID path.
 */
package dev.snowflakeid.actuate;
