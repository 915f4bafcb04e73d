#!lua flags=allow-oom
--[[
  cancel: pending|scheduled -> cancelled; running -> cancel requested (cx=1; the job stays running
  and its next heartbeat answers 'cancel'); a final job is refused.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  events stream bound, in events (approximate; includes/events.lua)
  ARGV[3]  job id

  Returns: {'ok', field, value, ...} (the job hash after the change), {'not_found'} or
  {'invalid_transition', status}.
  Invariant: a cancelled job is in the cancelled index only.
]]
--- @include "includes/cancel-job"
--- @include "includes/change-one-job"

return changeOneJob(cancelJob)
