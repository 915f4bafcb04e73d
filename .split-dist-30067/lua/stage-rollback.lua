#!lua
--[[
  stage-rollback: deletes the jobs stage.lua staged in this partition, and frees their
  idempotency keys: the bulk failed before it was decided committed (its writer rolls back at
  once; upkeep, after the stage's deadline, when partition 0 holds no commit record). Nothing of
  them was indexed or recorded as an event, so nothing else is touched. A job no longer staged is
  left alone, so a second run changes nothing.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms, unused)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the stage id

  Returns: how many jobs it deleted.
]]
--- @include "includes/queue-keys"

local stage = ARGV[3]
local deleted = 0
for _, id in ipairs(redis.call('SMEMBERS', K_STAGE .. stage)) do
  local f = redis.call('HMGET', K_JOB .. id, 'stg', 'ik')
  if f[1] == stage then
    if f[2] and redis.call('HGET', K_IDEM, f[2]) == id then redis.call('HDEL', K_IDEM, f[2]) end
    redis.call('DEL', K_JOB .. id)
    deleted = deleted + 1
  end
end
redis.call('DEL', K_STAGE .. stage)
redis.call('ZREM', K_STAGES, stage)
return deleted
