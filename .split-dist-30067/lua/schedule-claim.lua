#!lua
--[[
  schedule-claim: takes up to `max` schedules due by now + aheadMs from the due index (score =
  nextAt), earliest first,
  each with a new fencing token (from one counter, so a schedule deleted and made again never
  meets a token of its former self) and held until now + leaseMs: the index then orders it at the
  lease's end, where the next claimer finds it if this one dies before schedule-settle.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  max schedules
  ARGV[4]  lease ms
  ARGV[5]  ahead ms: also schedules due this soon (the caller prepares their fire before the tick)

  Returns: { claimed, nextDueAt } where claimed lists {name, token, hash pairs} and nextDueAt is
  the earliest score left in the index (-1: empty).
]]
--- @include "includes/arguments"

local max = countArg(3, 'max schedules')
local leaseUntil = tonumber(ARGV[1]) + numArg(4, 'lease ms')
local out = {}
if max > 0 then
  local dueBy = tonumber(ARGV[1]) + countArg(5, 'ahead ms')
  local names = redis.call('ZRANGEBYSCORE', K_SCHEDULES, '-inf', dueBy, 'LIMIT', 0, max)
  for _, name in ipairs(names) do
    local h = K_SCHED .. name
    if redis.call('EXISTS', h) == 0 then
      redis.call('ZREM', K_SCHEDULES, name)
    else
      local token = redis.call('INCR', K_SCHEDULE_SEQ)
      redis.call('HSET', h, 'tok', token)
      redis.call('ZADD', K_SCHEDULES, leaseUntil, name)
      out[#out + 1] = { name, token, redis.call('HGETALL', h) }
    end
  end
end
local first = redis.call('ZRANGE', K_SCHEDULES, 0, 0, 'WITHSCORES')
return { out, first[2] or -1 }
