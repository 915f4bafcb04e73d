#!lua
--[[
  schedule-settle: records what fires of claimed schedules did. Per schedule, only the holder of
  its current token may: a claimer whose lease ran out and whose schedule another instance claimed
  since (or a schedule deleted meanwhile) gets 'stale' and changes nothing. The holder adds its
  runs and counters, raises the last tick dealt with (lt: a later fire never plans a tick at or
  before it), and moves nextAt only when the definition is the version it fired (a replace since
  then set its own). The claim ends (its token is removed) and the schedule goes back to its place
  in the due index.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  number of schedules n
  then per schedule: name, token, version, nextAt ('' none), last tick dealt with ('' none),
  fired, skipped, missed, runs r, then r runs as fireAt, jobId, trigger ('1'|'0'), oldest first
  (the caller sends at most the 20 the list keeps)

  Returns: per schedule 'ok' or 'stale'. A resend of this call finds no token: 'stale', nothing
  counted twice.
]]
--- @include "includes/arguments"
--- @include "includes/schedule-index"
--- @include "includes/schedule-runs"

local FIELDS = 9
local n = countArg(3, 'schedules')
-- every argument checked before the first write (Redis does not roll a script back)
local pos = 4
for i = 1, n do
  for k = 6, 8 do countArg(pos + k - 1, 'a counter') end
  local runs = countArg(pos + FIELDS - 1, 'runs')
  for r = 0, runs - 1 do numArg(pos + FIELDS + r * 3, 'fireAt') end
  pos = pos + FIELDS + runs * 3
end

local out = {}
pos = 4
for i = 1, n do
  local name, token, version, nextAt, lastTick = ARGV[pos], ARGV[pos + 1], ARGV[pos + 2], ARGV[pos + 3], ARGV[pos + 4]
  local runs = tonumber(ARGV[pos + FIELDS - 1])
  local h = K_SCHED .. name
  local held = redis.call('HMGET', h, 'tok', 'ver', 'lt')
  if held[1] ~= token then
    out[i] = 'stale'
  else
    redis.call('HINCRBY', h, 'f', ARGV[pos + 5])
    redis.call('HINCRBY', h, 's', ARGV[pos + 6])
    redis.call('HINCRBY', h, 'm', ARGV[pos + 7])
    for r = 0, runs - 1 do
      local at = pos + FIELDS + r * 3
      pushRun(h, ARGV[at], ARGV[at + 1], ARGV[at + 2])
    end
    if lastTick ~= '' and (held[3] == false or tonumber(lastTick) > tonumber(held[3])) then
      redis.call('HSET', h, 'lt', lastTick)
    end
    if held[2] == version then redis.call('HSET', h, 'next', nextAt) end
    redis.call('HSET', h, 'ut', ARGV[1])
    redis.call('HDEL', h, 'tok')
    indexSchedule(h, name)
    out[i] = 'ok'
  end
  pos = pos + FIELDS + runs * 3
end
return out
