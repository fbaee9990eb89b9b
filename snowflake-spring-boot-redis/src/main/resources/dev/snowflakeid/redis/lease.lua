--
-- Copyright 2026-present the original author or authors.
--
-- Licensed under the Apache License, Version 2.0 (the "License");
-- you may not use this file except in compliance with the License.
-- You may obtain a copy of the License at
--
--      https://www.apache.org/licenses/LICENSE-2.0
--
-- Unless required by applicable law or agreed to in writing, software
-- distributed under the License is distributed on an "AS IS" BASIS,
-- WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
-- See the License for the specific language governing permissions and
-- limitations under the License.
--

-- Claims a worker code of one region, or renews a held one, in one round trip (protocol v2).
--
-- KEYS[1] guard key, never written: while Redis Cluster migrates the region's slot this key exists on
--         neither node, so the script is answered with TRYAGAIN instead of running against half the keys
-- KEYS[2] state hash of the region: loss marker, fleet settings (with the format and the fleet lead limit),
--         per-code marks and generations
-- KEYS[3] witness of the region: without expiry, set to a new random value by every grant and recorded in the state
-- KEYS[4] format record of the key space (every namespace and region under the key prefix in this database);
--         KEYS[1] again where it cannot be declared beside the region's keys (a Cluster: another slot), in
--         which case the store checks it with format.lua before its first claim
-- KEYS[5] (renew only) the lease key of the code
-- ARGV[1] 'claim' or 'renew'
-- ARGV[2] caller's wall clock when it sent the request, Unix-epoch milliseconds
-- ARGV[3] allowed clock skew between caller and Redis, milliseconds
-- ARGV[4] allowed lateness of the request (the caller's command timeout), milliseconds
-- ARGV[5] number of replicas N each primary has (0: none, and none may be attached)
-- ARGV[6] largest replica lag allowed, whole seconds as INFO reports them
-- ARGV[7] format: layout bit widths, tick and epoch;  ARGV[8] region;  ARGV[9] quarantine Q;  ARGV[10] ceiling lead A (ms)
-- ARGV[11] lease ttl in milliseconds
-- ARGV[12] lease key prefix, ending in "lease:" (claim)
-- ARGV[13] number of codes in the region (claim)
-- ARGV[14] claim: random nonce; renew: owner token "generation|nonce"
-- ARGV[15] claim: preferred code or -1; renew: the code
-- ARGV[16] claim: code where the scan for a free code starts
-- ARGV[17] index of the database the caller selected (0 on a Cluster)
-- ARGV[18] namespace
-- ARGV[19] a random value of this request, the witness's next value: never one an older copy can hold
-- ARGV[20] fleet lead limit B (ms), recorded with the format: Q = B + skew + lateness + failover window
--
-- Replies (T is Redis TIME in milliseconds):
--   {1, code, generation, floor, ceiling, T, n, lineage, pending}
--                                                granted: issue only ticks inside (floor, ceiling], and
--                                                only once n replicas acknowledged it (WAIT) on the server
--                                                whose lineage (run_id/master_replid) this names; pending is 1
--                                                on a Cluster while the state was made after a loss and the
--                                                format record was not compared since: the store compares it
--                                                before using the grant
--   {-1, T}                                      claim: every code is held
--   {-2, T}                                      renew: the lease is gone (never recreated)
--   {-3, T}                                      renew: another owner holds the code
--   {-4, T, layout, region, Q, A}                the region was set up with other fleet settings, and a lease
--                                                granted under them may still be in use
--   {-5, T, caller}                              the clocks disagree, or the request arrived too late
--   {-6, T, reason}                              not a primary with a majority that keeps up
--   {-7, T}                                      the key space has no format record (format.lua makes it)
--   {-8, T, format, namespace, B}                the region (or the key space) records another format, or
--                                                the key space another fleet lead limit, or the region
--                                                belongs to another namespace
--
-- Invariants (see docs/safety-model.md):
--   * ceiling = T + A for every grant; m:<code> records the highest ceiling ever granted for the code
--     in this script, before the reply, and never decreases.
--   * floor = max(highest ceiling granted to any OTHER owner of the code, floor0).
--   * floor0 only grows; it is raised to T + Q whenever the state may not be the one the last grant wrote:
--     the lineage (run_id and master_replid, which change on every restart and every promotion) differs
--     from the recorded one, the state hash is missing, the database it was written in is another, or the
--     witness is missing or holds another value than the state recorded (a copy of the state put back).
--   * One format per region, and one per key space unless format.lua recorded a region's format side by
--     side (timestamp bits, region bits, tick and epoch equal: the region field tells their IDs apart); one
--     namespace per region: IDs of two formats, or of two namespaces in one region, can be equal whatever
--     the leases say.
--   * Refusals -4 to -8 write nothing, the loss marker included.

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

local S, witness = KEYS[2], KEYS[3]
if KEYS[4] ~= KEYS[1] then
	local record = redis.call('HMGET', KEYS[4], 'format', 'region:' .. ARGV[8], 'limit', 'format:' .. ARGV[8])
	if not record[1] then
		return {-7, now}
	end
	-- The region's own format where format.lua recorded one side by side, else the key space's.
	local format = record[4] or record[1]
	if format ~= ARGV[7] or (record[2] and record[2] ~= ARGV[18]) or record[3] ~= ARGV[20] then
		return {-8, now, format, record[2] or '', record[3] or ''}
	end
end

local stored = redis.call('HMGET', S, 'lineage', 'floor0', 'layout', 'region', 'q', 'a', 'db', 'w', 'limit', 'pending')
local counted = redis.call('GET', witness)
-- Loss marker: decided before anything else is read or written.
local lost = stored[1] ~= lineage or stored[7] ~= ARGV[17] or not counted or stored[8] ~= counted
local floor0 = tonumber(stored[2] or '0')

local function mark(code)
	return tonumber(redis.call('HGET', S, 'm:' .. code) or '0')
end

-- The fleet lead limit is the format record's, kept in every state too: a record lost and made again (only
-- after a scan found no state of another format or limit) cannot start a smaller limit beside surviving
-- states, and on a Cluster, where the record is in another slot, every grant still compares it.
if stored[9] and stored[9] ~= ARGV[20] then
	return {-8, now, stored[3] or '', ARGV[18], stored[9]}
end
if stored[3] and (stored[3] ~= ARGV[7] or stored[4] ~= ARGV[8] or stored[5] ~= ARGV[9] or stored[6] ~= ARGV[10]) then
	-- Other timings take the region over only once no lease granted under the recorded ones can be in
	-- use: every ceiling (the marks, the loss floor) plus the recorded quarantine has passed. Never the
	-- format, never across a loss: the recorded marks may not be all there were.
	local passed = not lost and stored[3] == ARGV[7] and stored[4] == ARGV[8]
	if passed then
		local latest = floor0
		for code = 0, tonumber(ARGV[13]) - 1 do
			latest = math.max(latest, mark(int(code)))
		end
		passed = now >= latest + tonumber(stored[5])
	end
	if not passed then
		return {-4, now, stored[3], stored[4] or '', stored[5] or '', stored[6] or ''}
	end
end

if lost then
	floor0 = math.max(floor0, now + tonumber(ARGV[9]))
end
-- On a Cluster this script cannot compare the format record (another slot): a state made after a loss stays
-- pending, and every grant from it asks the store to compare the record first (settle.lua ends it), so that
-- no instance keeps a region that the record, made again meanwhile, gave to another namespace.
local pending = KEYS[4] == KEYS[1] and (lost or stored[10] ~= false)
if pending then
	redis.call('HSET', S, 'pending', '1')
end
if KEYS[4] ~= KEYS[1] then
	redis.call('HSETNX', KEYS[4], 'region:' .. ARGV[8], ARGV[18])
end
redis.call('SET', witness, ARGV[19])
redis.call('HSET', S, 'lineage', lineage, 'floor0', int(floor0), 'layout', ARGV[7], 'region', ARGV[8],
		'q', ARGV[9], 'a', ARGV[10], 'db', ARGV[17], 'w', ARGV[19], 'limit', ARGV[20])

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
	local value = redis.call('GET', KEYS[5])
	if not value then
		return {-2, now}
	end
	if value ~= token then
		return {-3, now}
	end
	local floor = math.max(others(code, token), floor0)
	redis.call('PEXPIREAT', KEYS[5], int(now + ttl))
	record(code, token, ceiling)
	return {1, tonumber(code), tonumber(string.match(token, '^(%d+)|')), floor, ceiling, now, quorum, lineage,
			pending and 1 or 0}
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
return {1, code, generation, floor, ceiling, now, quorum, lineage, pending and 1 or 0}
