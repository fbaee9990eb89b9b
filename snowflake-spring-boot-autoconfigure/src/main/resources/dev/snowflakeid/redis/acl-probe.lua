-- Which of the commands in ARGV the current user may not run on keys like KEYS[1]. Not a lease script:
-- RedisLeaseServerCheck runs it once at startup. redis.acl_check_cmd (Redis 7) checks the arity too, so
-- each command is tried with no argument, then the key, then filler arguments until the arity fits.
-- Servers without acl_check_cmd (6.2) answer an empty list: a missing permission then surfaces as a
-- NOPERM error from the first lease script instead.
if not redis.acl_check_cmd then
  return {}
end
local missing = {}
for _, command in ipairs(ARGV) do
  local allowed = false
  local args = {}
  for _ = 0, 6 do
    local ok, result = pcall(redis.acl_check_cmd, command, unpack(args))
    if ok then
      allowed = result
      break
    end
    if #args == 0 then
      args[1] = KEYS[1]
    else
      args[#args + 1] = '0'
    end
  end
  if not allowed then
    missing[#missing + 1] = command
  end
end
return missing
