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

-- Records the ID format of a key space (a key prefix in one database, or in a Cluster) and the namespace of a
-- region, or compares them with those recorded. RedisWorkerLeaseStore runs it before its first claim and
-- again after lease.lua answered that the record is missing.
--
-- KEYS[1] format record of the key space: 'format', 'limit' and, per region, 'region:<R>' = namespace and,
--         for a region whose format was recorded side by side with the key space's, 'format:<R>' = format
-- ARGV[1] format: layout bit widths, tick and epoch
-- ARGV[2] region;  ARGV[3] namespace;  ARGV[4] fleet lead limit (ms)
-- ARGV[5] '1' where the caller may create a missing record: it scanned the key space (every node of a Cluster)
--         and found no region state, or only states that record this fleet lead limit and this format or one
--         that runs side by side with it, their regions, namespaces and formats following in ARGV[7..] as
--         triples (the format empty where it is this one); '0' where it found a state of another format or limit
-- ARGV[6] 'side-by-side' where the caller's format may take a region that no instance has used yet although
--         it differs from the key space's format; 'none' otherwise
--
-- Replies:
--   {1}                     recorded, or recorded already
--   {0}                     not checked: the server is not a primary (lease.lua refuses there, naming its role)
--   {-7}                    missing, and not to be created (ARGV[5] is '0')
--   {-8, format, namespace, limit}
--                           the region (or, for a region not used yet, the key space) records another format,
--                           the key space another lead limit, or the region belongs to another namespace
--
-- Two first starts cannot both record: the script is atomic, so the second finds the first's record and
-- compares with it.
-- A record is never made again beside region states of another format: that is the scan's verdict.
--
-- Side by side: two formats whose timestamp bits, region bits, tick and epoch are equal place the timestamp
-- and the region in the same bits of an ID (the four widths sum to 63), so IDs of two distinct regions differ
-- whatever the worker and sequence bits below. A format differing in any of those never takes a region, and a
-- region once recorded keeps its format: IDs outlive leases.

if string.match(redis.call('INFO', 'replication'), 'role:(%a+)') ~= 'master' then
	return {0}
end

-- Timestamp and region widths, tick and epoch: what two formats must share to run side by side.
local function fixed(format)
	local widths, rest = string.match(format, '^(%d+/%d+)/%d+/%d+ (.+)$')
	return widths and (widths .. ' ' .. rest)
end

local region = ARGV[2]
local record = redis.call('HMGET', KEYS[1], 'format', 'region:' .. region, 'limit', 'format:' .. region)
if not record[1] then
	if ARGV[5] ~= '1' then
		return {-7}
	end
	for i = 7, #ARGV - 2, 3 do
		redis.call('HSETNX', KEYS[1], 'region:' .. ARGV[i], ARGV[i + 1])
		if ARGV[i + 2] ~= '' then
			redis.call('HSETNX', KEYS[1], 'format:' .. ARGV[i], ARGV[i + 2])
		end
	end
	redis.call('HSET', KEYS[1], 'format', ARGV[1], 'limit', ARGV[4])
	record = redis.call('HMGET', KEYS[1], 'format', 'region:' .. region, 'limit', 'format:' .. region)
end
local format = record[4] or record[1]
if record[3] ~= ARGV[4] or (record[2] and (record[2] ~= ARGV[3] or format ~= ARGV[1])) then
	return {-8, format, record[2] or '', record[3] or ''}
end
if format ~= ARGV[1] then
	if ARGV[6] ~= 'side-by-side' or fixed(format) == nil or fixed(format) ~= fixed(ARGV[1]) then
		return {-8, format, '', record[3] or ''}
	end
	redis.call('HSET', KEYS[1], 'format:' .. region, ARGV[1])
end
if not record[2] then
	redis.call('HSET', KEYS[1], 'region:' .. region, ARGV[3])
end
return {1}
