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
-- KEYS[1] format record of the key space: 'format', 'limit' and, per region, 'region:<R>' = namespace
-- ARGV[1] format: layout bit widths, tick and epoch
-- ARGV[2] region;  ARGV[3] namespace;  ARGV[4] fleet lead limit (ms)
-- ARGV[5] '1' where the caller may create a missing record: it scanned the key space (every node of a Cluster)
--         and found no region state, or only states that record this format, their regions and namespaces
--         following in ARGV[6..] as pairs; '0' where it found states of another format
--
-- Replies:
--   {1}                     recorded, or recorded already
--   {0}                     not checked: the server is not a primary (lease.lua refuses there, naming its role)
--   {-7}                    missing, and not to be created (ARGV[4] is '0')
--   {-8, format, namespace, limit}
--                           another format or lead limit is recorded, or the region belongs to another namespace
--
-- Two first starts cannot both record: the script is atomic, so the second finds the first's record and
-- compares with it.
-- A record is never made again beside region states of another format: that is the scan's verdict.

if string.match(redis.call('INFO', 'replication'), 'role:(%a+)') ~= 'master' then
	return {0}
end
local record = redis.call('HMGET', KEYS[1], 'format', 'region:' .. ARGV[2], 'limit')
if not record[1] then
	if ARGV[5] ~= '1' then
		return {-7}
	end
	for i = 6, #ARGV - 1, 2 do
		redis.call('HSETNX', KEYS[1], 'region:' .. ARGV[i], ARGV[i + 1])
	end
	redis.call('HSET', KEYS[1], 'format', ARGV[1], 'limit', ARGV[4])
	record = redis.call('HMGET', KEYS[1], 'format', 'region:' .. ARGV[2], 'limit')
end
if record[1] ~= ARGV[1] or (record[2] and record[2] ~= ARGV[3]) or record[3] ~= ARGV[4] then
	return {-8, record[1], record[2] or '', record[3] or ''}
end
if not record[2] then
	redis.call('HSET', KEYS[1], 'region:' .. ARGV[2], ARGV[3])
end
return {1}
