#!lua flags=allow-oom
--[[
  fail: ends many attempts with an error. Per item, when the lease is current:
  cancel asked -> cancelled; retryable with attempts left -> scheduled at now + delay (pending at
  once when the delay is 0); otherwise -> failed. The delay is retryDelayMs when given, else the
  job's backoff (includes/backoff.lua, the same formula as src/domain/backoff.ts).

  KEYS[1]  job hash prefix (job hash = KEYS[1] .. id)
  KEYS[2]  pending zset (priority <> 0); its list of priority 0 is KEYS[2] .. ':fifo'
  KEYS[3]  scheduled zset
  KEYS[4]  leases zset
  KEYS[5]  succeeded zset
  KEYS[6]  failed zset
  KEYS[7]  cancelled zset
  KEYS[8]  events stream
  KEYS[9]  wake list
  KEYS[10] seq counter
  KEYS[11] idem hash
  KEYS[12] worker lease set prefix (set = KEYS[12] .. workerId)
  KEYS[13] workers zset
  KEYS[14] execution hash prefix (counters = KEYS[14] .. executionId)
  KEYS[15] refresh set (dirty executions)
  KEYS[16] refreshing zset (refreshes in flight)

  ARGV[1]  now (epoch ms)
  ARGV[2]  events stream bound, in events (approximate; includes/events.lua)
  then per item: job id, token, error text, retryable ('1' or '0'),
                 retryDelayMs ('' = use the backoff), jitter random in [0, 1)

  Returns: per item the new status, or 'stale' (nothing changed). A failure applied twice (the
  same token, still the job's current one, and the same error text: its reply was lost and the
  ack batch was sent again) answers the status that job holds since (scheduled, pending, failed
  or cancelled) and changes nothing, so the worker still sends the callback; a different token,
  or a job re-claimed or ended otherwise since (the reaper writes its own error), is 'stale'.
  Invariant: the job leaves the lease sets and is in exactly one of pending, scheduled, failed,
  cancelled; attempts stay spent.
]]
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/lease-ends"
--- @include "includes/job-record"
--- @include "includes/backoff"
--- @include "includes/arguments"

-- The statuses a failure leaves a job in (and a scheduled retry's promotion, pending).
local FAIL_OUTCOMES = { scheduled = true, pending = true, failed = true, cancelled = true }

-- every item whole, each delay empty or a number and each jitter a number, before the first write
if (#ARGV - 2) % 6 ~= 0 then error('claimq fail: ' .. (#ARGV - 2) .. ' item arguments, not a multiple of 6') end
for i = 3, #ARGV, 6 do
  if ARGV[i + 4] ~= '' then numArg(i + 4, 'fail: retry delay') end
  numArg(i + 5, 'fail: jitter')
end

local out = {}
for i = 3, #ARGV, 6 do
  local id = ARGV[i]
  local key = K_JOB .. id
  local v = redis.call('HMGET', key, 'st', 'tok', 'w', 'att', 'max', 'bo', 'cx', 'pr', 'ex', 'err')
  local current = tonumber(v[2]) == tonumber(ARGV[i + 1])
  if v[1] == 'running' and current then
    local err = ARGV[i + 2]
    local att = numField(v[4], 0)
    local worker = v[3] or nil
    local status
    endLease(id, v[3])
    if v[7] == '1' then
      status = 'cancelled'
      redis.call('HSET', key, 'st', status, 'err', err, 'ft', NOW, 'ut', NOW)
      addToIndex(K_CANCELLED, NOW, id)
      addEvent('cancelled', id, status, att, worker, v[2], err)
    elseif ARGV[i + 3] == '1' and att < numField(v[5], DEFAULT_MAX_ATTEMPTS) then
      local delay = tonumber(ARGV[i + 4])
      if delay == nil then delay = backoffDelay(v[6], att, tonumber(ARGV[i + 5])) end
      if delay > 0 then
        status = 'scheduled'
        local runAt = NOW + delay
        redis.call('HSET', key, 'st', status, 'err', err, 'run', string.format('%.0f', runAt), 'ut', NOW)
        addToIndex(K_SCHEDULED, string.format('%.0f', runAt), id)
      else
        status = 'pending'
        redis.call('HSET', key, 'st', status, 'err', err, 'run', NOW, 'ut', NOW)
        queuePending(id, numField(v[8], 0))
      end
      addEvent('retry_scheduled', id, status, att, worker, v[2], err)
    else
      status = 'failed'
      redis.call('HSET', key, 'st', status, 'err', err, 'ft', NOW, 'ut', NOW)
      addToIndex(K_FAILED, NOW, id)
      addEvent('failed', id, status, att, worker, v[2], err)
    end
    if v[9] then bumpExecution(v[9], 'running', status) end
    out[#out + 1] = status
  elseif current and FAIL_OUTCOMES[v[1]] and v[10] == ARGV[i + 2] then
    -- this very failure, applied before: its outcome again
    out[#out + 1] = v[1]
  else
    out[#out + 1] = 'stale'
  end
end
flushLeaseEnds()
flushIndexWrites()
flushEvents()
return out
