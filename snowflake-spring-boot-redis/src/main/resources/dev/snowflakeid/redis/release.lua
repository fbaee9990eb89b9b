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
