#!lua
--[[
  promote-job: one scheduled job (delayed, or waiting out a retry backoff) -> pending now, asked
  through the API (POST /jobs/:id/promote). It joins pending as promote.lua puts a due job there
  (its priority and group kept, behind the jobs already waiting) with runAt = now, and records
  the same `promoted` event; anything but a scheduled job is refused (promoteDecision,
  src/domain/job-lifecycle.ts).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV and replies: as includes/change-one-job.lua says (ARGV[3] = the job id, ARGV[4] = the call's id).
  Sent twice (a resend), the second run finds its call id on the job and answers as the first.
  Invariant: a promoted job leaves scheduled and is in pending only.
]]
--- @include "includes/queue-keys"
--- @include "includes/change-one-job"

return changeOneJob(function(id, j)
  -- a staged job (stage.lua) is in no index yet: its bulk commits or rolls back first
  if j.st ~= 'scheduled' or j.stg ~= nil then return false end
  redis.call('ZREM', K_SCHEDULED, id)
  redis.call('HSET', K_JOB .. id, 'st', 'pending', 'run', NOW_TEXT, 'ut', NOW_TEXT)
  queuePending(id, numField(j.pr, 0), j.grp)
  addEvent('promoted', id, 'pending', numField(j.att, 0))
  if j.ex then bumpExecution(j.ex, 'scheduled', 'pending') end
  return true
end)
