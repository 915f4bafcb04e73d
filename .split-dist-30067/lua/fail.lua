#!lua flags=allow-oom
--[[
  fail: ends many attempts with an error. Per item, when the lease is current:
  cancel asked -> cancelled; retryable with attempts left -> scheduled at now + delay (pending at
  once when the delay is 0); otherwise -> failed. The delay is retryDelayMs when given, else the
  job's backoff (includes/backoff.lua, the same formula as src/domain/backoff.ts).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  then per item: job id, token, error text, retryable ('1' or '0'),
                 retryDelayMs ('' = use the backoff), jitter random in [0, 1),
                 the error's stack ('' = none)

  Returns: per item the new status, or 'stale' (nothing changed), then 'rejoined' when a group held
  at its cap rejoined the round. A failure applied twice (the
  same token, still the job's current one, and the same error text: its reply was lost and the
  ack batch was sent again) answers the status that job holds since (scheduled, pending, failed
  or cancelled) and changes nothing, so the worker still sends the callback; a different token,
  or a job re-claimed or ended otherwise since (the reaper writes its own error), is 'stale'.
  Invariant: the job leaves the lease sets and is in exactly one of pending, scheduled, failed,
  cancelled; attempts stay spent.
]]
--- @include "includes/queue-keys"
--- @include "includes/end-attempt"
--- @include "includes/arguments"

-- The statuses a failure leaves a job in (and a scheduled retry's promotion, pending).
local FAIL_OUTCOMES = { scheduled = true, pending = true, failed = true, cancelled = true }

-- every item whole, each delay empty or a number and each jitter a number, before the first write
if (#ARGV - 2) % 7 ~= 0 then error('claimq fail: ' .. (#ARGV - 2) .. ' item arguments, not a multiple of 7') end
for i = 3, #ARGV, 7 do
  if ARGV[i + 4] ~= '' then numArg(i + 4, 'fail: retry delay') end
  numArg(i + 5, 'fail: jitter')
end

local out = {}
for i = 3, #ARGV, 7 do
  local id = ARGV[i]
  local v = redis.call('HMGET', K_JOB .. id, 'st', 'tok', 'err', unpack(ATTEMPT_FIELDS))
  local current = tonumber(v[2]) == tonumber(ARGV[i + 1])
  if v[1] == 'running' and current then
    out[#out + 1] = endAttempt(id, attemptFields(v, 4), 'fail', ARGV[i + 2], ARGV[i + 3] == '1', tonumber(ARGV[i + 4]), tonumber(ARGV[i + 5]), ARGV[i + 6])
  elseif current and FAIL_OUTCOMES[v[1]] and v[3] == ARGV[i + 2] then
    -- this very failure, applied before: its outcome again
    out[#out + 1] = v[1]
  else
    out[#out + 1] = 'stale'
  end
end
flushWrites()
-- one more element when a group held at its cap rejoined the round (redis-job-store.ts reads it)
if groupsRejoined > 0 then out[#out + 1] = 'rejoined' end
return out
