--- @include "queue-keys"
--- @include "end-attempt"
-- Ends a lease nobody will settle (expired, or its worker went silent), as endAttempt's 'expire'
-- decides: the attempt stays spent; back to pending when attempts are left, else failed;
-- cancelled when a cancel was asked for. Returns the new status, or nil when the job was not
-- running (its stale lease entry is dropped). A record that lost its status is failed as malformed.
-- EXPIRED_ERROR is generated from the TypeScript (lua-constants.ts).

local function expireLease(id, reason)
  local key = K_JOB .. id
  local v = redis.call('HMGET', key, 'st', unpack(ATTEMPT_FIELDS))
  local j = attemptFields(v, 2)
  if v[1] ~= 'running' then
    endLease(id, j.w)
    if not v[1] and redis.call('EXISTS', key) == 1 then
      -- a record without a status cannot be requeued: fail it where the claim would have
      failMalformed(id, 'running', j.ex, numField(j.att, 0), 'missing status')
      return 'failed'
    end
    return nil
  end
  return endAttempt(id, j, 'expire', reason)
end

-- What a reap did, one list per outcome, in the order reap.lua and reap-workers.lua return them:
-- requeued (pending), failed, malformed, cancelled (a cancel was asked, then the lease ran out),
-- then how many groups held at their cap rejoined the round.
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
  return { reapedRequeued, reapedFailed, reapedMalformed, reapedCancelled, groupsRejoined }
end
