#!lua
--[[
  schedule-put: creates or replaces one schedule (PUT /schedules/:name). A replace keeps the
  schedule's runs, counters and creation time, and bumps its version: a fire in flight that was
  computed from the old definition records its runs but does not move nextAt (schedule-settle).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  name
  ARGV[4]  definition (JSON)
  ARGV[5]  nextAt (epoch ms), or '' when the schedule has no tick left
  ARGV[6]  paused: '1' or '0'

  Returns: { created (1|0), hash as field/value pairs }. A resend of the same call (same time,
  definition, nextAt and pause) changes nothing and answers as the first run.
]]
--- @include "includes/schedule-index"

local name = ARGV[3]
local h = K_SCHED .. name
local created = redis.call('EXISTS', h) == 0
if not created then
  -- this very call sent again (its reply was lost): answer as the first run did
  local cur = redis.call('HMGET', h, 'ut', 'def', 'next', 'p', 'ct', 'ver')
  if cur[1] == ARGV[1] and cur[2] == ARGV[4] and cur[3] == ARGV[5] and cur[4] == ARGV[6] then
    return { (cur[5] == ARGV[1] and cur[6] == '1') and 1 or 0, redis.call('HGETALL', h) }
  end
end
if created then
  redis.call('HSET', h, 'ct', ARGV[1], 'f', 0, 's', 0, 'm', 0, 'ver', 1)
else
  redis.call('HINCRBY', h, 'ver', 1)
end
redis.call('HSET', h, 'def', ARGV[4], 'next', ARGV[5], 'p', ARGV[6], 'ut', ARGV[1])
redis.call('ZADD', K_SCHEDULE_NAMES, 0, name)
indexSchedule(h, name, true)
return { created and 1 or 0, redis.call('HGETALL', h) }
