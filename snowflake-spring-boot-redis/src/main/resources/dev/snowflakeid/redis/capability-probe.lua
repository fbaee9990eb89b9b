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

-- Whether the server runs what the lease scripts need, inside a script as they do: Redis time (TIME) and a
-- key set to expire at an absolute time (SET ... PXAT). Not a lease script: RedisLeaseServerCheck runs it
-- once at startup on KEYS[1], a key beside the lease keys (same hash tag), which it deletes again. Answers
-- an empty list, or the capability that failed and the server's error.
local time = redis.pcall('TIME')
if type(time) == 'table' and time.err then
  return {'TIME', time.err}
end
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local set = redis.pcall('SET', KEYS[1], '1', 'PXAT', now + 60000)
if type(set) == 'table' and set.err then
  return {'SET ... PXAT', set.err}
end
redis.call('DEL', KEYS[1])
return {}
