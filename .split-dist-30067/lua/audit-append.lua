#!lua
--[[
  audit-append: records one audit trail entry under the next id and drops the oldest entries
  past the cap.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms): the entry's time
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  AUDIT_MAX_ENTRIES
  ARGV[4]  the entry as JSON, without id and time, its first field the call id:
           {"call":"<ARGV[5]>", keyId, action, target, details}
  ARGV[5]  the call id (random hex, one per append)

  Returns: the new entry's id. A resend (its reply lost) finds its own entry among the newest
  RESEND_WINDOW ones by the call id and returns that entry's id, adding nothing.

  Invariant: K_AUDIT_LOG holds at most AUDIT_MAX_ENTRIES members '<id> <at> <json>', scored by
  their id; ids only grow (INCR), so the highest score is the newest entry. Each call removes at
  most the entries past the cap (one, once the log is full).
]]
local RESEND_WINDOW = 100
local own = '{"call":"' .. ARGV[5] .. '"'
for _, member in ipairs(redis.call('ZREVRANGE', K_AUDIT_LOG, 0, RESEND_WINDOW - 1)) do
  local first = string.find(member, ' ', 1, true)
  local second = string.find(member, ' ', first + 1, true)
  if string.sub(member, second + 1, second + #own) == own then return tonumber(string.sub(member, 1, first - 1)) end
end
local id = redis.call('INCR', K_AUDIT_SEQ)
redis.call('ZADD', K_AUDIT_LOG, id, id .. ' ' .. ARGV[1] .. ' ' .. ARGV[4])
local max = tonumber(ARGV[3])
if redis.call('ZCARD', K_AUDIT_LOG) > max then
  redis.call('ZREMRANGEBYRANK', K_AUDIT_LOG, 0, -(max + 1))
end
return id
