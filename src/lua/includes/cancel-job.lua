--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "job-record"
--- @include "finish-job"
-- Cancels one job, as cancelDecision in src/domain/job-lifecycle.ts decides: blocked|pending|scheduled ->
-- cancelled; running -> cancel requested (cx=1: the job stays running, its next heartbeat answers
-- 'cancel', and the attempt's end is 'cancelled', includes/end-attempt.lua); asked again while
-- running -> nothing new; a final job -> refused. `j` is the job hash as a table (st, att, cx, w,
-- tok, pr and ex are read). Returns true, or false when the job is final (nothing changes).
--
-- A cancel requested of a running job is also PUBLISHed on the queue's channel
-- `<prefix>:{<queue>}:cancels` (K_JOB without its `job:`), as `<id> US <worker> US <token>`, so the
-- worker running it hears it at once: an embedded worker renews that lease now (its answer,
-- 'cancel', aborts the job), an API process tells the remote worker's open cancel poll
-- (RedisOutbox.onCancelRequested), instead of at the next beat. Nobody listening costs nothing;
-- the heartbeat stays the fallback.
local function cancelJob(id, j)
  -- a staged job (stage.lua) is not enqueued yet: its bulk commits or rolls back first
  if j.stg ~= nil then return false end
  local att = numField(j.att, 0)
  if j.st == 'blocked' then
    -- waiting on its parents: it holds no index but K_BLOCKED, and its children settle (graph.lua)
    redis.call('ZREM', K_BLOCKED, id)
    finishJob(id, 'blocked', 'cancelled', K_CANCELLED, j.ex, 'cancelled', att)
    return true
  end
  if j.st == 'pending' or j.st == 'scheduled' then
    if j.st == 'pending' then leavePending(id, numField(j.pr, 0), j.grp) else redis.call('ZREM', K_SCHEDULED, id) end
    finishJob(id, j.st, 'cancelled', K_CANCELLED, j.ex, 'cancelled', att)
    return true
  end
  if j.st == 'running' then
    if j.cx ~= '1' then
      redis.call('HSET', K_JOB .. id, 'cx', '1', 'ut', NOW_TEXT)
      addEvent('cancel_requested', id, 'running', att, j.w, j.tok)
      redis.call('PUBLISH', string.sub(K_JOB, 1, -5) .. 'cancels', id .. '\31' .. (j.w or '') .. '\31' .. (j.tok or ''))
    end
    return true
  end
  return false
end
