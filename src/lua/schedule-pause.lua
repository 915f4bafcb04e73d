#!lua
--[[
  schedule-pause: pauses a schedule (out of the due index, also while a claim holds it: a claimer
  that died does not fire it after its lease) or resumes it at the nextAt given (the caller's first
  tick after now: ticks while paused are not caught up). A fire in flight that settles later leaves
  a paused schedule out of the index. Resuming a schedule that is not paused changes nothing.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  name
  ARGV[4]  '1' pause, '0' resume
  ARGV[5]  nextAt when resuming ('' none)

  Returns: the hash as field/value pairs, or false when there is no such schedule.
]]
--- @include "includes/schedule-index"

local name = ARGV[3]
local h = K_SCHED .. name
if redis.call('EXISTS', h) == 0 then return false end
if ARGV[4] == '0' and redis.call('HGET', h, 'p') ~= '1' then return redis.call('HGETALL', h) end
redis.call('HSET', h, 'p', ARGV[4], 'ut', ARGV[1])
if ARGV[4] == '0' then redis.call('HSET', h, 'next', ARGV[5]) end
indexSchedule(h, name, true)
return redis.call('HGETALL', h)
