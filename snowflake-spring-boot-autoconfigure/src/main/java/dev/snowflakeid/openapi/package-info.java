/**
 * springdoc-openapi integration: Snowflake IDs documented as digit strings.
 */
package dev.snowflakeid.openapi;
