--- @include "signals"
-- A schedule's place in the due index (K_SCHEDULES, score = when it is due): at its nextAt
-- unless it is paused or ended (next ''). While a claim holds it (tok set and still in the index)
-- it stays at its lease's end: a replace or resume racing a fire must not hand the same tick to a
-- second claimer (schedule-settle puts it back at its nextAt when the fire is recorded).
-- `announce`: a change through the API (put, pause, resume), which may bring the next due time of
-- the index forward, so every instance's scheduler hears it and looks again (a fire's own settle
-- only moves its schedule later than the time the schedulers woke for).
local function indexSchedule(h, name, announce)
  local fields = redis.call('HMGET', h, 'p', 'next', 'tok')
  if fields[1] == '1' or fields[2] == false or fields[2] == '' then
    redis.call('ZREM', K_SCHEDULES, name)
  elseif fields[3] and redis.call('ZSCORE', K_SCHEDULES, name) then
    return
  else
    redis.call('ZADD', K_SCHEDULES, fields[2], name)
    if announce then signalSlot(K_SCHEDULES, 'schedules') end
  end
end
