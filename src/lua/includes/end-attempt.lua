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
local ATTEMPT_FIELDS = { 'att', 'max', 'cx', 'w', 'tok', 'ex', 'pr', 'bo', 'grp' }

local function attemptFields(v, from)
  local j = {}
  for i, name in ipairs(ATTEMPT_FIELDS) do
    local x = v[from + i - 1]
    if x then j[name] = x end
  end
  return j
end

-- Ends the running attempt of job `id` (its lease is current: the caller checked) by a failure,
-- a release or an expiry, as attemptOutcome decides, and applies it: the lease ends, the job moves
-- to its new index, the event names the attempt's worker and run, the execution counts the move.
-- (complete.lua takes only attemptOutcome: its hot path reads fewer fields.) `j` holds
-- ATTEMPT_FIELDS; `text` is the error (nil for a release);
-- `retryable`, `delayMs` (nil = the job's backoff), `jitter` and `stack` matter to a failure only.
-- The job keeps the stack of its last error in `es` beside `err`: an error with no stack (an
-- expiry, a failure the worker gave none for) removes an older one, so the two always belong
-- together. Returns the new status.
local function endAttempt(id, j, how, text, retryable, delayMs, jitter, stack)
  local kind, st, att = attemptOutcome(how, numField(j.att, 0), numField(j.max, DEFAULT_MAX_ATTEMPTS), j.cx == '1', retryable)
  local key = K_JOB .. id
  local worker = j.w
  endLease(id, worker)
  endGroupRun(j.grp)
  if text then
    if stack and stack ~= '' then redis.call('HSET', key, 'es', stack) else redis.call('HDEL', key, 'es') end
  end
  if st == 'failed' or st == 'cancelled' then
    finishJob(id, 'running', st, st == 'failed' and K_FAILED or K_CANCELLED, j.ex, kind, att, worker, j.tok, text and 'err', text, text)
    return st
  end
  if st == 'retry' then
    local delay = delayMs or backoffDelay(j.bo, att, jitter)
    if delay > 0 then
      st = 'scheduled'
      local runAt = string.format('%.0f', NOW + delay)
      redis.call('HSET', key, 'st', st, 'err', text, 'run', runAt, 'ut', NOW_TEXT)
      addToIndex(K_SCHEDULED, runAt, id)
    else
      st = 'pending'
      redis.call('HSET', key, 'st', st, 'err', text, 'run', NOW_TEXT, 'ut', NOW_TEXT)
      queuePending(id, numField(j.pr, 0), j.grp)
    end
  else
    -- pending again: a release gives the attempt back, an expiry keeps it spent and says why
    if how == 'release' then
      redis.call('HSET', key, 'st', st, 'att', att, 'ut', NOW_TEXT)
    else
      redis.call('HSET', key, 'st', st, 'err', text, 'ut', NOW_TEXT)
    end
    queuePending(id, numField(j.pr, 0), j.grp)
  end
  addEvent(kind, id, st, att, worker, j.tok, text)
  if j.ex then bumpExecution(j.ex, 'running', st) end
  return st
end

-- Every batched write of a script call that ends attempts, in the order they must land: the
-- leases, the indexes, then the events (which also stamp the executions the call touched).
local function flushWrites()
  flushLeaseEnds()
  flushGroupRuns()
  flushIndexWrites()
  flushEvents()
end
