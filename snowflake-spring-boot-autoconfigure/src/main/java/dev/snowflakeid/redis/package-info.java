/**
 * Worker-code leases in Redis: {@link dev.snowflakeid.redis.RedisWorkerLeaseStore} (Lua scripts next to
 * it, time from the Redis server, fencing by generation and nonce, persistent high-water marks) and
 * {@link dev.snowflakeid.redis.RedisLeaseConnections}, the lease-specific Lettuce client settings.
 */
package dev.snowflakeid.redis;
