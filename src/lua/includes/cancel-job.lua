--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "job-record"
--- @include "execution-counters"
-- Cancels one job: pending|scheduled -> cancelled; running -> cancel requested (cx=1: the job stays
-- running and its next heartbeat answers 'cancel'). `j` is the job hash as a table (st, att, cx,
-- w and ex are read). Returns true, or false when the job is final (nothing changes).
local function cancelJob(id, j)
  local key = K_JOB .. id
  local att = numField(j.att, 0)
  if j.st == 'pending' or j.st == 'scheduled' then
    if j.st == 'pending' then removePending(id) else redis.call('ZREM', K_SCHEDULED, id) end
    redis.call('HSET', key, 'st', 'cancelled', 'ft', NOW, 'ut', NOW)
    addToIndex(K_CANCELLED, NOW, id)
    addEvent('cancelled', id, 'cancelled', att)
    if j.ex then bumpExecution(j.ex, j.st, 'cancelled') end
    return true
  end
  if j.st == 'running' then
    if j.cx ~= '1' then
      redis.call('HSET', key, 'cx', '1', 'ut', NOW)
      addEvent('cancel_requested', id, 'running', att, j.w)
    end
    return true
  end
  return false
end
