/**
 * Auto-configuration of the Actuator and Micrometer integration: the {@code snowflake} health
 * indicator, the {@code snowflake} endpoint and the {@code snowflake.*} meters, each present only when
 * its library is on the classpath and a {@link dev.snowflakeid.SnowflakeWorker} is configured.
 */
package dev.snowflakeid.autoconfigure.actuate;
