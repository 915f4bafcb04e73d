#!lua
--[[
  schedule-settle: records what fires of claimed schedules did. Per schedule, only the holder of
  its current token may: a claimer whose lease ran out and whose schedule another instance claimed
  since (or a schedule deleted meanwhile) gets 'stale' and changes nothing. The holder adds its
  runs and counters; it moves nextAt only when the definition is the version it fired (a replace
  since then set its own nextAt). Either way the schedule leaves its lease for its place in the
  due index.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  number of schedules n
  then per schedule: name, token, version, nextAt ('' none), fired, skipped, missed, runs r,
  then r runs as fireAt, jobId, trigger ('1'|'0'), oldest first

  Returns: per schedule 'ok' or 'stale'. Settling ends the claim (its token is removed), so this
  call sent again changes nothing and answers 'stale'.
]]
--- @include "includes/arguments"
--- @include "includes/schedule-index"
--- @include "includes/schedule-runs"

local n = countArg(3, 'schedules')
local out = {}
local pos = 4
for i = 1, n do
  local name, token, version, nextAt = ARGV[pos], ARGV[pos + 1], ARGV[pos + 2], ARGV[pos + 3]
  local runs = countArg(pos + 7, 'runs')
  local h = K_SCHED .. name
  local held = redis.call('HMGET', h, 'tok', 'ver')
  if held[1] ~= token then
    out[i] = 'stale'
  else
    redis.call('HINCRBY', h, 'f', ARGV[pos + 4])
    redis.call('HINCRBY', h, 's', ARGV[pos + 5])
    redis.call('HINCRBY', h, 'm', ARGV[pos + 6])
    for r = 0, runs - 1 do
      local at = pos + 8 + r * 3
      pushRun(h, ARGV[at], ARGV[at + 1], ARGV[at + 2])
    end
    if held[2] == version then redis.call('HSET', h, 'next', nextAt) end
    redis.call('HSET', h, 'ut', ARGV[1])
    -- the claim ends here: a resend of this call (or a late twin) finds no token and is stale
    redis.call('HDEL', h, 'tok')
    indexSchedule(h, name)
    out[i] = 'ok'
  end
  pos = pos + 8 + runs * 3
end
return out
