-- Extends a lease and raises its ceiling, if the caller still owns it. Never recreates a missing lease.
--
-- KEYS[1] lease key
-- KEYS[2] high-water mark hash (code -> highest ceiling ever granted)
-- ARGV[1] worker code
-- ARGV[2] owner token, "generation|nonce"
-- ARGV[3] lease ttl in milliseconds
-- ARGV[4] ceiling lead in milliseconds
--
-- Replies {1, ceiling, now}, {-1, now} when the lease is gone, {-2, now} when another owner holds it.
-- The ceiling is written to the high-water mark before the reply, and the mark never decreases.

local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)

local function int(n)
	return string.format('%d', n)
end

local value = redis.call('GET', KEYS[1])
if not value then
	return {-1, now}
end
if value ~= ARGV[2] then
	return {-2, now}
end
local hwm = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
local ceiling = math.max(hwm, now + tonumber(ARGV[4]))
redis.call('PEXPIREAT', KEYS[1], int(now + tonumber(ARGV[3])))
redis.call('HSET', KEYS[2], ARGV[1], int(ceiling))
return {1, ceiling, now}
