-- Claims a free worker code of one region in one round trip.
--
-- KEYS[1] lease key prefix, ending in "lease:" (a code is appended to name its lease key)
-- KEYS[2] generation hash (code -> generation)
-- KEYS[3] high-water mark hash (code -> highest ceiling ever granted)
-- KEYS[4] meta hash (layout, region)
-- ARGV[1] preferred code, or -1
-- ARGV[2] number of codes in the region
-- ARGV[3] code where the scan for a free code starts
-- ARGV[4] random nonce of this claim
-- ARGV[5] lease ttl in milliseconds
-- ARGV[6] quarantine in milliseconds
-- ARGV[7] ceiling lead in milliseconds
-- ARGV[8] layout description
-- ARGV[9] region code
--
-- Replies {1, code, generation, floor, ceiling, now}, {-1, now} when every code is held, or
-- {-3, now, stored layout, stored region} when the region was set up for another layout.
-- All keys share one hash tag, so lease keys built from KEYS[1] live in the same cluster slot.

local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)

local function int(n)
	return string.format('%d', n)
end

local layout = redis.call('HGET', KEYS[4], 'layout')
local region = redis.call('HGET', KEYS[4], 'region')
if not layout then
	redis.call('HSET', KEYS[4], 'layout', ARGV[8], 'region', ARGV[9])
elseif layout ~= ARGV[8] or region ~= ARGV[9] then
	return {-3, now, layout, region or ''}
end

local codes = tonumber(ARGV[2])
local code = -1
local preferred = tonumber(ARGV[1])
if preferred >= 0 and preferred < codes and redis.call('EXISTS', KEYS[1] .. int(preferred)) == 0 then
	code = preferred
else
	local start = tonumber(ARGV[3])
	for i = 0, codes - 1 do
		local candidate = (start + i) % codes
		if redis.call('EXISTS', KEYS[1] .. int(candidate)) == 0 then
			code = candidate
			break
		end
	end
end
if code < 0 then
	return {-1, now}
end

-- Read everything before the first write, so that an error leaves nothing half done.
local field = int(code)
local hwm = tonumber(redis.call('HGET', KEYS[3], field) or '0')
local floor = math.max(hwm, now + tonumber(ARGV[6]))
local ceiling = floor + tonumber(ARGV[7])

local generation = redis.call('HINCRBY', KEYS[2], field, 1)
local value = int(generation) .. '|' .. ARGV[4]
if not redis.call('SET', KEYS[1] .. field, value, 'NX', 'PXAT', int(now + tonumber(ARGV[5]))) then
	return redis.error_reply('lease key ' .. KEYS[1] .. field .. ' appeared during the claim')
end
redis.call('HSET', KEYS[3], field, int(ceiling))
return {1, code, generation, floor, ceiling, now}
