-- Claims a worker code of one region, or renews a held one, in one round trip (protocol v2).
--
-- KEYS[1] guard key, never written: while Redis Cluster migrates the region's slot this key exists on
--         neither node, so the script is answered with TRYAGAIN instead of running against half the keys
-- KEYS[2] state hash of the region: loss marker, fleet settings, per-code marks and generations
-- KEYS[3] (renew only) the lease key of the code
-- ARGV[1] 'claim' or 'renew'
-- ARGV[2] caller's wall clock when it sent the request, Unix-epoch milliseconds
-- ARGV[3] allowed clock skew between caller and Redis, milliseconds
-- ARGV[4] allowed lateness of the request (the caller's command timeout), milliseconds
-- ARGV[5] number of replicas N each primary has (0: none, and none may be attached)
-- ARGV[6] largest replica lag allowed, whole seconds as INFO reports them
-- ARGV[7] layout description;  ARGV[8] region;  ARGV[9] quarantine Q;  ARGV[10] ceiling lead A (ms)
-- ARGV[11] lease ttl in milliseconds
-- ARGV[12] lease key prefix, ending in "lease:" (claim)
-- ARGV[13] number of codes in the region (claim)
-- ARGV[14] claim: random nonce; renew: owner token "generation|nonce"
-- ARGV[15] claim: preferred code or -1; renew: the code
-- ARGV[16] claim: code where the scan for a free code starts
--
-- Replies (T is Redis TIME in milliseconds):
--   {1, code, generation, floor, ceiling, T, n, lineage}
--                                                granted: issue only ticks inside (floor, ceiling], and
--                                                only once n replicas acknowledged it (WAIT) on the server
--                                                whose lineage (run_id/master_replid) this names
--   {-1, T}                                      claim: every code is held
--   {-2, T}                                      renew: the lease is gone (never recreated)
--   {-3, T}                                      renew: another owner holds the code
--   {-4, T, layout, region, Q, A}                the region was set up with other fleet settings
--   {-5, T, caller}                              the clocks disagree, or the request arrived too late
--   {-6, T, reason}                              not a primary with a majority that keeps up
--
-- Invariants (see the README, "Safety model"):
--   * ceiling = T + A for every grant; m:<code> records the highest ceiling ever granted for the code
--     in this script, before the reply, and never decreases.
--   * floor = max(highest ceiling granted to any OTHER owner of the code, floor0).
--   * floor0 only grows; it is raised to T + Q whenever the data's lineage (run_id and master_replid,
--     which change on every restart and every promotion) differs from the one recorded, including
--     when the state hash is missing: the data may have lost ceilings granted up to then.
--   * Refusals -4, -5, -6 write nothing, the loss marker included.

local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)

local function int(n)
	return string.format('%d', n)
end

local caller = tonumber(ARGV[2])
if now < caller - tonumber(ARGV[3]) or now > caller + tonumber(ARGV[3]) + tonumber(ARGV[4]) then
	return {-5, now, caller}
end

-- Grants only from a primary that, with the replicas keeping up with it, is a strict majority of the
-- N + 1 nodes: n = ceil(N / 2) replicas online within the lag limit. Each node follows one primary, and a
-- replica counts as keeping up for at most the lag limit after it stopped acknowledging, so two servers
-- hold a majority at once only within that limit of a replica (or the promoted node) changing sides: a
-- deposed primary stops granting within it, whether its partition holds some replicas or none.
local replication = redis.call('INFO', 'replication')
local role = string.match(replication, 'role:(%a+)')
if role ~= 'master' then
	return {-6, now, 'role is ' .. tostring(role) .. ', not master'}
end
local expected = tonumber(ARGV[5])
local quorum = math.floor((expected + 1) / 2)
local attached, good = 0, 0
for line in string.gmatch(replication, 'slave%d+:([^\r\n]*)') do
	local state = string.match(line, 'state=([%a_]+)')
	local lag = tonumber(string.match(line, 'lag=(%d+)') or '-1')
	attached = attached + 1
	if state == 'online' and lag >= 0 and lag <= tonumber(ARGV[6]) then
		good = good + 1
	end
end
-- More replicas than configured void the majority: a second primary could gather one of its own.
if attached > expected then
	return {-6, now, int(attached) .. ' replicas attached, more than the ' .. int(expected) .. ' configured'}
end
if good < quorum then
	return {-6, now, int(good) .. ' of ' .. int(attached) .. ' attached replicas online within ' .. ARGV[6]
			.. ' s lag, ' .. int(quorum) .. ' of ' .. int(expected) .. ' required'}
end
local lineage = string.match(redis.call('INFO', 'server'), 'run_id:(%x+)') .. '/'
		.. string.match(replication, 'master_replid:(%x+)')

local S = KEYS[2]
local stored = redis.call('HMGET', S, 'lineage', 'floor0', 'layout', 'region', 'q', 'a')
if stored[3] and (stored[3] ~= ARGV[7] or stored[4] ~= ARGV[8] or stored[5] ~= ARGV[9] or stored[6] ~= ARGV[10]) then
	return {-4, now, stored[3], stored[4] or '', stored[5] or '', stored[6] or ''}
end

-- Loss marker: checked before anything else is read or written.
local floor0 = tonumber(stored[2] or '0')
if stored[1] ~= lineage then
	floor0 = math.max(floor0, now + tonumber(ARGV[9]))
	redis.call('HSET', S, 'lineage', lineage, 'floor0', int(floor0), 'layout', ARGV[7], 'region', ARGV[8],
			'q', ARGV[9], 'a', ARGV[10])
end

local function mark(code)
	return tonumber(redis.call('HGET', S, 'm:' .. code) or '0')
end

-- Highest ceiling ever granted to an owner of the code other than the one holding token.
local function others(code, token)
	local f = redis.call('HMGET', S, 'm:' .. code, 't:' .. code, 'o:' .. code)
	if f[2] == token then
		return tonumber(f[3] or '0')
	end
	return tonumber(f[1] or '0')
end

-- Records a granted ceiling; keeps m = max of all, t = owner of m, o = max over owners other than t.
local function record(code, token, ceiling)
	local f = redis.call('HMGET', S, 'm:' .. code, 't:' .. code, 'o:' .. code)
	local m = tonumber(f[1] or '0')
	if f[2] == token then
		if ceiling > m then
			redis.call('HSET', S, 'm:' .. code, int(ceiling))
		end
	elseif ceiling > m then
		redis.call('HSET', S, 'm:' .. code, int(ceiling), 't:' .. code, token, 'o:' .. code, int(m))
	elseif ceiling > tonumber(f[3] or '0') then
		redis.call('HSET', S, 'o:' .. code, int(ceiling))
	end
end

local ttl = tonumber(ARGV[11])
local ceiling = now + tonumber(ARGV[10])

if ARGV[1] == 'renew' then
	local code, token = ARGV[15], ARGV[14]
	local value = redis.call('GET', KEYS[3])
	if not value then
		return {-2, now}
	end
	if value ~= token then
		return {-3, now}
	end
	local floor = math.max(others(code, token), floor0)
	redis.call('PEXPIREAT', KEYS[3], int(now + ttl))
	record(code, token, ceiling)
	return {1, tonumber(code), tonumber(string.match(token, '^(%d+)|')), floor, ceiling, now, quorum, lineage}
end

-- Claim: the preferred code when free (a holder coming back continues right above its own ceiling),
-- else the first free code from the scan start whose floor lies in the past, else the free code with
-- the lowest floor.
local prefix, codes = ARGV[12], tonumber(ARGV[13])
local function free(code)
	return redis.call('EXISTS', prefix .. int(code)) == 0
end
local code = -1
local preferred = tonumber(ARGV[15])
if preferred >= 0 and preferred < codes and free(preferred) then
	code = preferred
else
	local lowest
	for i = 0, codes - 1 do
		local candidate = (tonumber(ARGV[16]) + i) % codes
		if free(candidate) then
			local floor = math.max(mark(int(candidate)), floor0)
			if floor < now then
				code = candidate
				break
			end
			if not lowest or floor < lowest then
				code, lowest = candidate, floor
			end
		end
	end
end
if code < 0 then
	return {-1, now}
end

local field = int(code)
local floor = math.max(mark(field), floor0)
local generation = redis.call('HINCRBY', S, 'g:' .. field, 1)
local token = int(generation) .. '|' .. ARGV[14]
if not redis.call('SET', prefix .. field, token, 'NX', 'PXAT', int(now + ttl)) then
	return redis.error_reply('lease key ' .. prefix .. field .. ' appeared during the claim')
end
record(field, token, ceiling)
return {1, code, generation, floor, ceiling, now, quorum, lineage}
