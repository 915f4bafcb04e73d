#!lua
--[[
  retry: failed|cancelled|skipped -> pending (or blocked: a graph job whose parents have not all
  ended) with attempts reset and runAt = now; anything else is refused, as is a graph job a
  parent of which failed, was cancelled or skipped (unless its policy is run): retry that parent.
  The decision is retryDecision (src/domain/job-lifecycle.ts): no worker, start, finish, result or
  cancel request of the earlier run stays.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV and replies: as includes/change-one-job.lua says (ARGV[3] = the job id, ARGV[4] = the call's id).
  Sent twice (a resend), the second run finds its call id on the job and answers as the first.
  Invariant: a retried job leaves its final index and joins pending behind the jobs already there.
]]
--- @include "includes/queue-keys"
--- @include "includes/change-one-job"
--- @include "includes/finish-job"

-- failed|cancelled|skipped -> pending (blocked: a graph job whose parents have not all ended),
-- attempts reset (canRetry, reopenDecision in src/domain); the descendants its end had ended run
-- again with it (includes/graph.lua)
return changeOneJob(function(id, j)
  if j.st ~= 'failed' and j.st ~= 'cancelled' and j.st ~= 'skipped' then return false end
  if j.dep then
    local waits = reopenWaits(id, j.opf or 'fail')
    if waits == nil then return false end
    reopenJob(id, j, waits)
    reopenDescendants(id)
    return true
  end
  if j.st == 'skipped' then return false end
  local key = K_JOB .. id
  redis.call('ZREM', j.st == 'failed' and K_FAILED or K_CANCELLED, id)
  redis.call('HDEL', key, 'att', 'ft', 'cx', 'w', 'stt', 'res')
  redis.call('HSET', key, 'st', 'pending', 'run', NOW_TEXT, 'ut', NOW_TEXT)
  -- a new entry at the tail, behind any dead one the job left when it was cancelled (index-writes)
  queuePending(id, numField(j.pr, 0), j.grp)
  addEvent('retried', id, 'pending', 0)
  if j.ex then
    bumpExecution(j.ex, j.st, 'pending')
    reopenDescendants(id)
  end
  return true
end)
