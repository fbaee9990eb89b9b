-- Counts the worker codes of one region that nobody holds.
--
-- KEYS[1] lease key prefix, ending in "lease:"
-- ARGV[1] number of codes in the region

local free = 0
for code = 0, tonumber(ARGV[1]) - 1 do
	if redis.call('EXISTS', KEYS[1] .. string.format('%d', code)) == 0 then
		free = free + 1
	end
end
return free
