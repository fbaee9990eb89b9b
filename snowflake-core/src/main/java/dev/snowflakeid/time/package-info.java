/**
 * Time sources and waiting for the generator and the lease keeper: injectable, so that every edge case is
 * reachable in a test with a fake clock and no sleep.
 */
package dev.snowflakeid.time;
