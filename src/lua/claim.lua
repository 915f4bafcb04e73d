#!lua
--[[
  claim: promotes due scheduled jobs (bounded), then pops up to `max` pending jobs for a worker.
  Each claimed job gets a new fencing token, spends an attempt and gets a lease until
  min(now + leaseMs, now + timeoutMs + grace), its hard time limit (includes/hard-limit.lua)
  (one ZADD on the lease set, one SADD on the worker's lease set). Malformed records (missing or
  corrupt fields, or an unknown status) are moved to failed ("malformed job record: <what>"); ids
  whose hash is gone are dropped; a stray entry (a sound record whose status is not pending, e.g. a
  running job whose id reached pending twice) is dropped and its hash left alone, since the job
  lives in its own index. None of these counts against `max`.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  worker id
  ARGV[4]  max jobs to claim
  ARGV[5]  lease duration ms
  ARGV[6]  max scheduled jobs to promote first
  ARGV[7]  hard timeout grace ms (HARD_TIMEOUT_GRACE_MS)

  Returns: { jobs, nextDueAt, strays, more, promoted } where jobs is a list of {id, token, attempts, values}
  (values: the job's type pl st pr att max run ct bo tmo ik cb ex err tok sn sf, in that order, as they
  were BEFORE the claim, nil when absent; the caller applies st=running, tok, att, w=worker and
  stt=now, which is all the claim writes; ut, w, stt, ft, res and cx are not read: a claim
  overwrites the first three and a pending job holds none of the rest), nextDueAt is the earliest
  scheduled runAt when fewer than `max` were claimed (none is pending now), else -1, and strays is how many stray pending entries
  were dropped (for a caller that wants to count them), more is 1 when jobs are still pending
  after the claim (only looked at when it claimed `max`; else 0), and promoted is how many
  scheduled jobs it promoted (a partitioned queue's claimer passes a wake-up on with these two).
  Invariant: a claimed job is in the lease set and its worker's lease set, and in no other index.
]]
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/job-record"
--- @include "includes/finish-job"
--- @include "includes/promote-due"
--- @include "includes/hard-limit"
--- @include "includes/arguments"

local worker = ARGV[3]
local max = countArg(4, 'max jobs')
local leaseUntil = NOW + numArg(5, 'lease ms')
local grace = tonumber(ARGV[7]) or 60000

local promoted = promoteDue(countArg(6, 'promote limit'))
local deadEntries = anyDeadEntries()

-- Entries popped that were not claimable (dead entries of cancelled jobs, strays, malformed or
-- gone records): at most this many per call, so a claim's work stays bounded; when it is used up
-- with work left, the wake-up goes on to the next claim at once (below), so a mass cancel in front
-- of live jobs costs a few claims, not a wait per few entries.
local SKIP_BUDGET = 1000

local claimed = {}
local leaseArgs = {}
local leaseIds = {}
local skipped = 0
local strays = 0
while #claimed < max and skipped < SKIP_BUDGET do
  local popped = popPending(math.min(max - #claimed, SKIP_BUDGET - skipped))
  if #popped == 0 then break end
  local before = #claimed
  for _, id in ipairs(popped) do
    local key = K_JOB .. id
    local v, found = nil, false
    if deadEntries and takeDeadEntry(id) then
      -- a dead entry (its job was cancelled while it waited here): only this entry goes (popped)
    else
      -- every field a pending job can hold that its Job shows (CLAIM_FIELDS, redis-job-codec.ts)
      v = redis.pcall('HMGET', key, 'type', 'pl', 'st', 'pr', 'att', 'max', 'run', 'ct', 'bo', 'tmo', 'ik', 'cb', 'ex', 'err', 'tok', 'sn', 'sf')
      found = true
    end
    if not found then
      -- nothing more of this entry
    elseif v.err then
      -- not a hash: dropped like a gone record, the key left for an operator
      redis.log(redis.LOG_WARNING, 'claimq claim: ' .. key .. ' is not a job hash; dropped from pending')
      found = false
    elseif not (v[1] or v[3]) then
      found = redis.call('EXISTS', key) == 1
    end
    if found then
      local st, ex = v[3], v[13] or nil
      local bad = malformedFields(v[1], st, v[5], v[6], v[4], v[15])
      if bad == nil and not KNOWN_STATUS[st] then bad = 'unknown status ' .. st end
      if bad == nil and st ~= 'pending' then
        -- a stray entry: the job is in the index its status names; only this entry goes (popped)
        strays = strays + 1
      elseif bad ~= nil then
        failMalformed(id, KNOWN_STATUS[st or ''] and st or 'pending', ex, numField(v[5], 0), bad)
      else
        local tok = numField(v[15], 0) + 1
        local att = numField(v[5], 0) + 1
        -- no ut: updatedAt reads as max(ut, stt) (redis-job-codec.ts), and stt is the claim time
        redis.call('HSET', key, 'st', 'running', 'tok', tok, 'att', att, 'w', worker, 'stt', NOW)
        leaseArgs[#leaseArgs + 1] = math.min(leaseUntil, hardDeadline(NOW, v[10] or nil, grace))
        leaseArgs[#leaseArgs + 1] = id
        leaseIds[#leaseIds + 1] = id
        claimed[#claimed + 1] = { id, tok, att, v }
        addEvent('claimed', id, 'running', att, worker, tok)
        if ex then bumpExecution(ex, 'pending', 'running') end
      end
    end
  end
  skipped = skipped + #popped - (#claimed - before)
end

if #leaseArgs > 0 then
  callBatched('ZADD', K_LEASES, leaseArgs)
  callBatched('SADD', K_WLEASE .. worker, leaseIds)
end
flushIndexWrites()
flushEvents()

local nextDueAt = -1
if #claimed < max then
  local first = redis.call('ZRANGE', K_SCHEDULED, 0, 0, 'WITHSCORES')
  if #first > 0 then nextDueAt = tonumber(first[2]) end
end
local more = 0
if ((#claimed > 0 and #claimed == max) or skipped >= SKIP_BUDGET) and hasPending() then
  -- work is left: pass the wake-up on to the next idle worker (or this one, when the skip budget ran out)
  wakeWorkers()
  more = 1
end
return { claimed, nextDueAt, strays, more, promoted }
