/**
 * Not part of the API, and no compatibility is promised for anything here: the core's shared rules, and
 * the hooks through which tests and the lease simulation replace time and scheduling. Public only so
 * that the core's packages share them; the architecture tests forbid this package to other modules' code.
 */
package dev.snowflakeid.internal;
