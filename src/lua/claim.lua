--[[
  claim: promotes due scheduled jobs (bounded), then pops up to `max` pending jobs for a worker.
  Each claimed job gets a new fencing token, spends an attempt and gets a lease until
  min(now + leaseMs, now + timeoutMs + grace), its hard time limit (includes/hard-limit.lua)
  (one ZADD on the lease set, one SADD on the worker's lease set). Malformed records
  are moved to failed ("malformed job record: <what>"); ids whose hash is gone are dropped. Neither
  counts against `max`.

  KEYS[1]  job hash prefix (job hash = KEYS[1] .. id)
  KEYS[2]  pending zset
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
  ARGV[2]  events stream MAXLEN (approximate)
  ARGV[3]  worker id
  ARGV[4]  max jobs to claim
  ARGV[5]  lease duration ms
  ARGV[6]  max scheduled jobs to promote first
  ARGV[7]  hard timeout grace ms (HARD_TIMEOUT_GRACE_MS)

  Returns: { jobs, nextDueAt } where jobs is a list of {id, field, value, ...} (the job hash after
  the claim) and nextDueAt is the earliest scheduled runAt when nothing was claimed, else -1.
  Invariant: a claimed job is in the lease set and its worker's lease set, and in no other index.
]]
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/job-record"
--- @include "includes/promote-due"
--- @include "includes/hard-limit"

local worker = ARGV[3]
local max = tonumber(ARGV[4])
local leaseUntil = NOW + tonumber(ARGV[5])
local grace = tonumber(ARGV[7]) or 60000

promoteDue(tonumber(ARGV[6]))

local claimed = {}
local leaseArgs = {}
local leaseIds = {}
local rounds = 0
while #claimed < max and rounds < 10 do
  rounds = rounds + 1
  local popped = redis.call('ZPOPMIN', K_PENDING, max - #claimed)
  if #popped == 0 then break end
  for i = 1, #popped, 2 do
    local id = popped[i]
    local key = K_JOB .. id
    local flat = redis.pcall('HGETALL', key)
    if flat.err then
      -- not a hash: dropped like a gone record, the key left for an operator
      redis.log(redis.LOG_WARNING, 'claimq claim: ' .. key .. ' is not a job hash; dropped from pending')
      flat = {}
    end
    if #flat > 0 then
      local j = hashToTable(flat)
      local bad = malformedReason(j)
      if bad == nil and j.st ~= 'pending' then bad = 'status ' .. j.st .. ' in the pending index' end
      if bad ~= nil then
        local err = 'malformed job record: ' .. bad
        redis.call('HSET', key, 'st', 'failed', 'err', err, 'ft', NOW, 'ut', NOW)
        addToIndex(K_FAILED, NOW, id)
        addEvent({ k = 'failed', id = id, st = 'failed', att = numField(j.att, 0), at = NOW, err = err })
        if j.ex then bumpExecution(j.ex, STATE_INDEX[j.st or ''] and j.st or 'pending', 'failed') end
      else
        j.st = 'running'
        j.tok = numField(j.tok, 0) + 1
        j.att = numField(j.att, 0) + 1
        j.w = worker
        j.stt = NOW
        j.ut = NOW
        redis.call('HSET', key, 'st', 'running', 'tok', j.tok, 'att', j.att, 'w', worker, 'stt', NOW, 'ut', NOW)
        leaseArgs[#leaseArgs + 1] = math.min(leaseUntil, hardDeadline(NOW, j.tmo, grace))
        leaseArgs[#leaseArgs + 1] = id
        leaseIds[#leaseIds + 1] = id
        local reply = tableToFlat(j)
        table.insert(reply, 1, id)
        claimed[#claimed + 1] = reply
        addEvent({ k = 'claimed', id = id, st = 'running', att = j.att, at = NOW, w = worker })
        if j.ex then bumpExecution(j.ex, 'pending', 'running') end
      end
    end
  end
end

if #leaseArgs > 0 then
  callBatched('ZADD', K_LEASES, leaseArgs)
  callBatched('SADD', K_WLEASE .. worker, leaseIds)
end
flushIndexWrites()
flushEvents()

local nextDueAt = -1
if #claimed == 0 then
  local first = redis.call('ZRANGE', K_SCHEDULED, 0, 0, 'WITHSCORES')
  if #first > 0 then nextDueAt = tonumber(first[2]) end
elseif #claimed == max and redis.call('ZCARD', K_PENDING) > 0 then
  -- work is left: pass the wake-up on to the next idle worker
  wakeWorkers()
end
return { claimed, nextDueAt }
