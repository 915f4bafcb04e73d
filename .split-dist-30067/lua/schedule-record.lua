#!lua
--[[
  schedule-record: records a run made outside the ticks (POST /schedules/:name/trigger): its job
  becomes the schedule's latest (overlap 'skip' looks at it) and counts as fired. nextAt stays.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  name
  ARGV[4]  fireAt
  ARGV[5]  job id
  ARGV[6]  trigger: '1' or '0'

  Returns: 1 when recorded, 0 when there is no such schedule.
]]
--- @include "includes/schedule-runs"

local h = K_SCHED .. ARGV[3]
if redis.call('EXISTS', h) == 0 then return 0 end
-- this very call sent again: the run is already the newest
if redis.call('HGET', h, 'last') == ARGV[5] then return 1 end
pushRun(h, ARGV[4], ARGV[5], ARGV[6])
redis.call('HINCRBY', h, 'f', 1)
redis.call('HSET', h, 'ut', ARGV[1])
return 1
