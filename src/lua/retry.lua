#!lua
--[[
  retry: failed|cancelled -> pending with attempts reset and runAt = now; anything else is refused.
  The decision is retryDecision (src/domain/job-lifecycle.ts): no worker, start, finish, result or
  cancel request of the earlier run stays.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV and replies: as includes/change-one-job.lua says (ARGV[3] = the job id, ARGV[4] = the call's id).
  Sent twice (a resend), the second run finds its call id on the job and answers as the first.
  Invariant: a retried job leaves its final index and joins pending behind the jobs already there.
]]
--- @include "includes/queue-keys"
--- @include "includes/change-one-job"

-- failed|cancelled -> pending, attempts reset (canRetry in src/domain/job-lifecycle.ts)
return changeOneJob(function(id, j)
  if j.st ~= 'failed' and j.st ~= 'cancelled' then return false end
  local key = K_JOB .. id
  redis.call('ZREM', j.st == 'failed' and K_FAILED or K_CANCELLED, id)
  redis.call('HDEL', key, 'att', 'ft', 'cx', 'w', 'stt', 'res')
  redis.call('HSET', key, 'st', 'pending', 'run', NOW, 'ut', NOW)
  -- a new entry at the tail, behind any dead one the job left when it was cancelled (index-writes)
  queuePending(id, numField(j.pr, 0), j.grp)
  addEvent('retried', id, 'pending', 0)
  if j.ex then bumpExecution(j.ex, j.st, 'pending') end
  return true
end)
