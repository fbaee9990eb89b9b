-- Gives a worker code back if the caller still owns it. Grants nothing and lowers no mark: the code's
-- mark already covers every ceiling the caller held, so the next owner starts above them.
--
-- KEYS[1] guard key, never written (see lease.lua): forces TRYAGAIN while the region's slot migrates
-- KEYS[2] lease key
-- ARGV[1] owner token, "generation|nonce"
--
-- Replies 1 when the lease was released, 0 when it was not ours (or already gone).

if redis.call('GET', KEYS[2]) ~= ARGV[1] then
	return 0
end
redis.call('DEL', KEYS[2])
return 1
