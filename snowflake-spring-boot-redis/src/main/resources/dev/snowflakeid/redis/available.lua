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
