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

-- The lineage of the server that runs it, as lease.lua records it: run_id and master_replid, which change on
-- every restart and every promotion. The store compares it with a grant's after WAIT, so that a WAIT a
-- client routed to another server than the grant's never counts for the grant.
-- A one-element array, as every lease script answers an array.
return {string.match(redis.call('INFO', 'server'), 'run_id:(%x+)') .. '/'
		.. string.match(redis.call('INFO', 'replication'), 'master_replid:(%x+)')}
