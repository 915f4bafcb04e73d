--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "lease-ends"
--- @include "job-record"
-- Ends a lease nobody will settle (expired, or its worker went silent). The attempt stays spent:
-- back to pending when attempts are left, else failed; cancelled when a cancel was asked for.
-- Returns the new status, or nil when the job was not running (its stale lease entry is dropped).
-- A record that lost its status is failed as malformed.
local EXPIRED_ERROR = 'lease expired'

local function expireLease(id, reason)
  local key = K_JOB .. id
  local v = redis.call('HMGET', key, 'st', 'w', 'att', 'max', 'cx', 'pr', 'ex', 'tok')
  endLease(id, v[2])
  if not v[1] and redis.call('EXISTS', key) == 1 then
    -- a record without a status cannot be requeued: fail it where the claim would have
    local err = 'malformed job record: missing status'
    redis.call('HSET', key, 'st', 'failed', 'err', err, 'ft', NOW, 'ut', NOW)
    addToIndex(K_FAILED, NOW, id)
    addEvent('failed', id, 'failed', numField(v[3], 0), nil, nil, err)
    if v[7] then bumpExecution(v[7], 'running', 'failed') end
    return 'failed'
  end
  if v[1] ~= 'running' then return nil end
  local att = numField(v[3], 0)
  local worker = v[2] or nil
  local status
  if v[5] == '1' then
    status = 'cancelled'
    redis.call('HSET', key, 'st', status, 'err', reason, 'ft', NOW, 'ut', NOW)
    addToIndex(K_CANCELLED, NOW, id)
  elseif att >= numField(v[4], DEFAULT_MAX_ATTEMPTS) then
    status = 'failed'
    redis.call('HSET', key, 'st', status, 'err', reason, 'ft', NOW, 'ut', NOW)
    addToIndex(K_FAILED, NOW, id)
  else
    status = 'pending'
    redis.call('HSET', key, 'st', status, 'err', reason, 'ut', NOW)
    queuePending(id, numField(v[6], 0))
  end
  addEvent('expired', id, status, att, worker, v[8] or nil, reason)
  if v[7] then bumpExecution(v[7], 'running', status) end
  return status
end

-- What a reap did, one list per outcome, in the order reap.lua and reap-workers.lua return them:
-- requeued (pending), failed, malformed, cancelled (a cancel was asked, then the lease ran out).
local reapedRequeued, reapedFailed, reapedMalformed, reapedCancelled = {}, {}, {}, {}

-- Files `id` under the status expireLease returned; false when there is none (the job was not
-- running), for the caller to decide whether that entry was malformed.
local function noteReaped(id, status)
  if status == 'pending' then reapedRequeued[#reapedRequeued + 1] = id
  elseif status == 'failed' then reapedFailed[#reapedFailed + 1] = id
  elseif status == 'cancelled' then reapedCancelled[#reapedCancelled + 1] = id
  else return false end
  return true
end

local function noteMalformed(id)
  reapedMalformed[#reapedMalformed + 1] = id
end

local function reapReply()
  return { reapedRequeued, reapedFailed, reapedMalformed, reapedCancelled }
end
