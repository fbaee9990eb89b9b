-- Gives a worker code back, if the caller still owns it, after recording the last used millisecond
-- in the code's high-water mark (which never decreases). Does nothing for a lease held by another owner.
--
-- KEYS[1] lease key
-- KEYS[2] high-water mark hash (code -> highest ceiling ever granted)
-- ARGV[1] worker code
-- ARGV[2] owner token, "generation|nonce"
-- ARGV[3] last used Unix-epoch millisecond, or -1 when no ID was issued
--
-- Replies 1 when the lease was released, 0 when it was not ours (or already gone).

local value = redis.call('GET', KEYS[1])
if value ~= ARGV[2] then
	return 0
end
local last = tonumber(ARGV[3])
if last >= 0 then
	local hwm = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
	if last > hwm then
		redis.call('HSET', KEYS[2], ARGV[1], string.format('%d', last))
	end
end
redis.call('DEL', KEYS[1])
return 1
