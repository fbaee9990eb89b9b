/**
 * Shared by the starter's modules, not part of its API: no compatibility is promised for anything here.
 */
package dev.snowflakeid.internal;
