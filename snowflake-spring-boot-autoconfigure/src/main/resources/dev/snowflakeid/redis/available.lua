-- Counts the worker codes of one region that nobody holds. Reads only.
--
-- KEYS[1] guard key, never written (see lease.lua)
-- ARGV[1] lease key prefix, ending in "lease:"
-- ARGV[2] number of codes in the region

local free = 0
for code = 0, tonumber(ARGV[2]) - 1 do
	if redis.call('EXISTS', ARGV[1] .. string.format('%d', code)) == 0 then
		free = free + 1
	end
end
return free
