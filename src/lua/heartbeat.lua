#!lua flags=allow-oom
--[[
  heartbeat: renews many leases at once. A lease is current when the job is running and its token
  matches; current leases are extended to now + leaseMs with one ZADD, but never past the job's
  hard time limit (startedAt + timeoutMs + grace): a lease at or past it is not renewed and is
  answered 'stale', so the worker aborts the job and the reaper ends the attempt. The decision is
  heartbeatDecision (src/domain/job-lifecycle.ts); this script applies it under its guards.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  lease duration ms
  ARGV[4]  hard timeout grace ms (HARD_TIMEOUT_GRACE_MS)
  then per lease: job id, token

  Returns: per lease 'ok', 'stale' (not running, another token, or past its hard time limit) or
  'cancel' (renewed, but a cancel was asked for).
  Invariant: only current leases move; nothing else changes.
]]
--- @include "includes/queue-keys"
--- @include "includes/batch-calls"
--- @include "includes/hard-limit"

local leaseUntil = NOW + tonumber(ARGV[3])
local grace = tonumber(ARGV[4])
local out = {}
local renew = {}
for i = 5, #ARGV, 2 do
  local id = ARGV[i]
  local v = redis.call('HMGET', K_JOB .. id, 'st', 'tok', 'cx', 'stt', 'tmo')
  local deadline = hardDeadline(v[4], v[5], grace)
  if v[1] == 'running' and tonumber(v[2]) == tonumber(ARGV[i + 1]) and deadline > NOW then
    renew[#renew + 1] = math.min(leaseUntil, deadline)
    renew[#renew + 1] = id
    if v[3] == '1' then out[#out + 1] = 'cancel' else out[#out + 1] = 'ok' end
  else
    out[#out + 1] = 'stale'
  end
end
if #renew > 0 then callBatched('ZADD', K_LEASES, renew) end
return out
