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

-- Ends the pending mark of a region's state on a Redis Cluster: lease.lua sets it on a state made after a
-- loss, because there it cannot compare the key space's format record (another slot), and answers every grant
-- of that state as one to check; the store runs this once the record, compared again, still gives the region
-- to its namespace and format. The record is permanent while it lasts, so no other namespace can take the
-- region afterwards; a record made again finds this state in its scan and gives the region the same namespace.
--
-- KEYS[1] guard key, never written (see lease.lua): forces TRYAGAIN while the region's slot migrates
-- KEYS[2] state hash of the region
--
-- Replies 1 when a pending mark was ended, 0 when there was none.

return redis.call('HDEL', KEYS[2], 'pending')
