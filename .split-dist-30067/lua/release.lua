#!lua flags=allow-oom
--[[
  release: running -> pending for many leases, the attempt given back (shutdown, or a type this
  worker cannot run). A job whose cancel was asked for is cancelled instead of run again.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  then per lease: job id, token

  Returns: per lease the new status ('pending' or 'cancelled'), or 'stale' (nothing changed); then
  'rejoined' when a group held at its cap rejoined the round.
  Invariant: the job leaves the lease sets and is in exactly one of pending or cancelled.
]]
--- @include "includes/queue-keys"
--- @include "includes/end-attempt"

local out = {}
for i = 3, #ARGV, 2 do
  local id = ARGV[i]
  local v = redis.call('HMGET', K_JOB .. id, 'st', 'tok', unpack(ATTEMPT_FIELDS))
  if v[1] == 'running' and tonumber(v[2]) == tonumber(ARGV[i + 1]) then
    out[#out + 1] = endAttempt(id, attemptFields(v, 3), 'release')
  else
    out[#out + 1] = 'stale'
  end
end
flushWrites()
-- one more element when a group held at its cap rejoined the round (redis-job-store.ts reads it)
if groupsRejoined > 0 then out[#out + 1] = 'rejoined' end
return out
