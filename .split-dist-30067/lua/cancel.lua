#!lua flags=allow-oom
--[[
  cancel: pending|scheduled -> cancelled; running -> cancel requested (cx=1; the job stays running
  and its next heartbeat answers 'cancel'); a final job is refused.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV and replies: as includes/change-one-job.lua says (ARGV[3] = the job id, ARGV[4] = the call's id).
  Sent twice (a resend), the second run finds its call id on the job and answers as the first.
  Invariant: a cancelled job is in the cancelled index only.
]]
--- @include "includes/cancel-job"
--- @include "includes/change-one-job"

return changeOneJob(cancelJob)
