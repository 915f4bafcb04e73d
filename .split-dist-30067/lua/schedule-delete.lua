#!lua
--[[
  schedule-delete: removes a schedule, its runs and its places in both indexes. Its jobs stay.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  name

  Returns: 1 when it existed, else 0.
]]
local name = ARGV[3]
local h = K_SCHED .. name
local existed = redis.call('DEL', h)
redis.call('DEL', h .. ':runs')
redis.call('ZREM', K_SCHEDULES, name)
redis.call('ZREM', K_SCHEDULE_NAMES, name)
return existed
