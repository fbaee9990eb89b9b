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

-- Which of the commands in ARGV[2..] the current user may not run on keys like ARGV[1]. Not a lease
-- script: RedisLeaseServerCheck runs it once at startup. The key is an argument, not a declared key, so
-- that a key pattern missing the lease keys names the commands instead of failing the EVAL itself. Each
-- command is checked with the key in every argument (DEL and EXISTS take every argument as a key), EVAL
-- and EVALSHA with the key as the script and zero keys, a subcommand written 'command|subcommand' (such as
-- 'client|id') without a key.
-- A command the server does not know is answered as '?command'.
-- Servers without redis.acl_check_cmd (6.2) answer an empty list: a missing permission then surfaces as
-- a NOPERM error from the first lease script instead.
if not redis.acl_check_cmd then
  return {}
end
local key = ARGV[1]
local missing = {}
for i = 2, #ARGV do
  local command = ARGV[i]
  local known, allowed
  local name, subcommand = string.match(command, '^(%a+)|(%a+)$')
  if name then
    known, allowed = pcall(redis.acl_check_cmd, name, subcommand)
  elseif command == 'eval' or command == 'evalsha' then
    known, allowed = pcall(redis.acl_check_cmd, command, key, '0')
  else
    known, allowed = pcall(redis.acl_check_cmd, command, key, key, key)
  end
  if not known then
    -- a command the server does not know (renamed, or not implemented), marked apart from a denied one
    missing[#missing + 1] = '?' .. command
  elseif not allowed then
    missing[#missing + 1] = command
  end
end
return missing
