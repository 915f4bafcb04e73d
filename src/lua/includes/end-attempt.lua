--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "lease-ends"
--- @include "job-record"
--- @include "backoff"
--- @include "finish-job"
-- How a running attempt ends, decided as endAttempt in src/domain/job-lifecycle.ts decides it
-- (the contract suite compares both stores' events for every case):
--   complete -> succeeded (even when a cancel was asked: the work was done);
--   otherwise a requested cancel wins -> cancelled, the attempt kept spent;
--   fail: retryable with attempts left -> retry (scheduled after the delay, pending at once when
--         it is 0), else -> failed;
--   release -> pending, the attempt given back;
--   expire -> pending with the attempt spent, or failed when none are left.
-- Returns the event kind, the status ('retry' for a retry) and the attempts after.
local function attemptOutcome(how, att, max, cancelRequested, retryable)
  if how == 'complete' then return 'succeeded', 'succeeded', att end
  if cancelRequested then return 'cancelled', 'cancelled', att end
  local left = att < max
  if how == 'fail' then
    if retryable and left then return 'retry_scheduled', 'retry', att end
    return 'failed', 'failed', att
  end
  if how == 'release' then return 'released', 'pending', math.max(0, att - 1) end
  if left then return 'expired', 'pending', att end
  return 'expired', 'failed', att
end

-- The job hash fields endAttempt reads, for HMGET; `j` below holds them by these names.
local ATTEMPT_FIELDS = { 'att', 'max', 'cx', 'w', 'tok', 'ex', 'pr', 'bo' }

local function attemptFields(v, from)
  local j = {}
  for i, name in ipairs(ATTEMPT_FIELDS) do
    local x = v[from + i - 1]
    if x then j[name] = x end
  end
  return j
end

-- Ends the running attempt of job `id` (its lease is current: the caller checked), as
-- attemptOutcome decides, and applies it: the lease ends, the job moves to its new index, the
-- event names the attempt's worker and run, the execution counts the move. `j` holds
-- ATTEMPT_FIELDS; `text` is the result (complete) or the error (the rest; nil for a release);
-- `retryable`, `delayMs` (nil = the job's backoff) and `jitter` matter to a failure only.
-- Returns the new status.
local function endAttempt(id, j, how, text, retryable, delayMs, jitter)
  local att0 = numField(j.att, 0)
  local kind, st, att = attemptOutcome(how, att0, numField(j.max, DEFAULT_MAX_ATTEMPTS), j.cx == '1', retryable)
  local key = K_JOB .. id
  local worker = j.w
  endLease(id, worker)
  if st == 'retry' then
    local delay = delayMs
    if delay == nil then delay = backoffDelay(j.bo, att, jitter) end
    if delay > 0 then
      st = 'scheduled'
      local runAt = string.format('%.0f', NOW + delay)
      redis.call('HSET', key, 'st', st, 'err', text, 'run', runAt, 'ut', NOW)
      addToIndex(K_SCHEDULED, runAt, id)
    else
      st = 'pending'
      redis.call('HSET', key, 'st', st, 'err', text, 'run', NOW, 'ut', NOW)
      queuePending(id, numField(j.pr, 0))
    end
    addEvent(kind, id, st, att, worker, j.tok, text)
    if j.ex then bumpExecution(j.ex, 'running', st) end
  elseif st == 'pending' then
    if how == 'release' then
      redis.call('HSET', key, 'st', st, 'att', att, 'ut', NOW)
    else
      redis.call('HSET', key, 'st', st, 'err', text, 'ut', NOW)
    end
    queuePending(id, numField(j.pr, 0))
    addEvent(kind, id, st, att, worker, j.tok, text)
    if j.ex then bumpExecution(j.ex, 'running', st) end
  elseif st == 'succeeded' then
    finishJob(id, 'running', st, K_SUCCEEDED, j.ex, kind, att, worker, j.tok, text and 'res', text, text)
  else
    local index = st == 'failed' and K_FAILED or K_CANCELLED
    finishJob(id, 'running', st, index, j.ex, kind, att, worker, j.tok, text and 'err', text, text)
  end
  return st
end

-- Every batched write of a script call that ends attempts, in the order they must land: the
-- leases, the indexes, then the events (which also stamp the executions the call touched).
local function flushWrites()
  flushLeaseEnds()
  flushIndexWrites()
  flushEvents()
end
