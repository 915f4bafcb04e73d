--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "job-record"
--- @include "execution-counters"
--- @include "arguments"
-- Adds many jobs of one queue, all or nothing, each pending or scheduled as enqueueDecision
-- (src/domain/job-lifecycle.ts) decides (see enqueue.lua for the argument layout, which
-- starts at ARGV[nPos]: the number of jobs, then per job id, field count, field/value pairs).
-- In two steps, so a caller can check its own things in between and still write nothing when a
-- check fails: planEnqueue reads and checks every id, idempotency key and argument, and writes
-- nothing; writeEnqueue then writes the plan and cannot fail on the arguments.
-- A job whose hash exists (the same call sent again, e.g. an EVALSHA resent after a reconnect, or an
-- id repeated in this batch) or whose key exists (in Redis or earlier in this batch) is not added,
-- so nothing is written or counted twice. A job with an `ex` field joins that execution.
-- Reads the fields straight from ARGV (no per-job table). writeEnqueue returns only the jobs NOT
-- created: { {index, existingId, field, value, ...}, ... } (index is 1-based); every other job was
-- created.

-- Set by create-execution.lua to K_BLOCKED: a graph job with parents enters `blocked` there
-- (includes/graph.lua); no other script takes one.
local blockedIndex = nil

-- The job hash has about 29 field names (redis-job-codec.ts); a new job sends at most 17.
local MAX_JOB_FIELDS = 64

-- The fields enqueue reads of a job whose field/value pairs stand in ARGV[first..last]:
-- st, type, pr, max, run, ik, ex, sn, sf, grp, gk, dep (nil when absent). Multiple returns: no table per job.
local function jobFields(first, last)
  local st, jobType, pr, max, run, ik, ex, sn, sf, grp, gk, dep
  for f = first, last, 2 do
    local name = ARGV[f]
    if name == 'st' then st = ARGV[f + 1]
    elseif name == 'type' then jobType = ARGV[f + 1]
    elseif name == 'pr' then pr = ARGV[f + 1]
    elseif name == 'max' then max = ARGV[f + 1]
    elseif name == 'run' then run = ARGV[f + 1]
    elseif name == 'ik' then ik = ARGV[f + 1]
    elseif name == 'ex' then ex = ARGV[f + 1]
    elseif name == 'sn' then sn = ARGV[f + 1]
    elseif name == 'sf' then sf = ARGV[f + 1]
    elseif name == 'grp' then grp = ARGV[f + 1]
    elseif name == 'gk' then gk = ARGV[f + 1]
    elseif name == 'dep' then dep = ARGV[f + 1]
    end
  end
  return st, jobType, pr, max, run, ik, ex, sn, sf, grp, gk, dep
end

-- Whether any of the batch's job hashes exists, with one EXISTS per BATCH_CHUNK ids (a new batch,
-- the common case, then needs no EXISTS per job). The ids stand at ARGV[pos] of each job.
local function anyStored(nPos, n)
  local keys = {}
  local pos = nPos + 1
  for _ = 1, n do
    if ARGV[pos] == nil or ARGV[pos + 1] == nil then return true end
    keys[#keys + 1] = K_JOB .. ARGV[pos]
    pos = pos + 2 + (tonumber(ARGV[pos + 1]) or 0) * 2
  end
  for k = 1, #keys, BATCH_CHUNK do
    if redis.call('EXISTS', unpack(keys, k, math.min(k + BATCH_CHUNK - 1, #keys))) > 0 then return true end
  end
  return false
end

local function planEnqueue(nPos)
  local n = countArg(nPos, 'enqueue: job count')
  local plan = { n = n, starts = {}, existing = {} }
  local claimedKeys = {}
  local batchIds = {}
  -- none stored (one EXISTS per chunk): then only the batch itself can repeat an id
  local lookEach = n > 0 and anyStored(nPos, n)
  local pos = nPos + 1
  for i = 1, n do
    plan.starts[i] = pos
    local id = ARGV[pos]
    local fields = countArg(pos + 1, 'enqueue: field count')
    -- HSET takes a job's fields through unpack(), bounded at about 8,000 values
    if fields > MAX_JOB_FIELDS then error('claimq enqueue: job ' .. i .. ' has more than ' .. MAX_JOB_FIELDS .. ' fields') end
    local last = pos + 1 + fields * 2
    if id == nil or last > #ARGV then error('claimq enqueue: job ' .. i .. ' runs past the arguments') end
    -- a job already stored is reported as it stands; its fields need no check
    local stored = batchIds[id] or (lookEach and redis.call('EXISTS', K_JOB .. id) == 1)
    if stored then plan.existing[i] = id end
    local st, jobType, ik, run, _
    if not stored then
      st, jobType, _, _, run, ik = jobFields(pos + 2, last)
      local known = st == 'pending' or st == 'scheduled' or (st == 'blocked' and blockedIndex ~= nil)
      if not known or jobType == nil or (st == 'scheduled' and tonumber(run) == nil) then
        error('claimq enqueue: job ' .. i .. ' needs a type, and a status of pending or scheduled (with a runAt)')
      end
    end
    if ik ~= nil then
      local prior = claimedKeys[ik]
      if prior == nil then
        local keyed = redis.call('HGET', K_IDEM, ik)
        if keyed and redis.call('EXISTS', K_JOB .. keyed) == 1 then prior = keyed end
      end
      if prior ~= nil then
        plan.existing[i] = prior
      else
        claimedKeys[ik] = id
      end
    end
    if plan.existing[i] == nil then batchIds[id] = true end
    pos = last + 1
  end
  return plan
end

-- `staged(id)` (stage.lua): the jobs are written and their keys taken, but they join no index and
-- record no event; staged(id) marks each (stage-commit.lua indexes them later, or
-- stage-rollback.lua deletes them).
local function writeEnqueue(plan, staged)
  for i = 1, plan.n do
    if plan.existing[i] == nil then
      local p = plan.starts[i]
      local id = ARGV[p]
      local first, last = p + 2, p + 1 + tonumber(ARGV[p + 1]) * 2
      local st, jobType, pr, max, run, ik, ex, sn, sf, grp, gk, dep = jobFields(first, last)
      -- one job's fields: a few dozen values, far below unpack()'s bound
      redis.call('HSET', K_JOB .. id, unpack(ARGV, first, last))
      if ik ~= nil then redis.call('HSET', K_IDEM, ik, id) end
      local priority = numField(pr, 0)
      if staged ~= nil then
        staged(id)
      elseif st == 'scheduled' then
        addToIndex(K_SCHEDULED, run, id)
      elseif st == 'blocked' then
        addToIndex(blockedIndex, NOW_TEXT, id)
      else
        queuePending(id, priority, grp)
      end
      if staged == nil then
        addEnqueuedEvent(id, st, priority, numField(max, DEFAULT_MAX_ATTEMPTS), ex, jobType, sn, sf, gk, dep)
        if ex ~= nil then addExecutionJob(ex, id, st) end
      end
    end
  end

  local out = {}
  for i, prior in pairs(plan.existing) do
    local reply = { i, prior }
    for _, v in ipairs(redis.call('HGETALL', K_JOB .. prior)) do
      reply[#reply + 1] = v
    end
    out[#out + 1] = reply
  end
  return out
end

local function enqueueJobs(nPos)
  return writeEnqueue(planEnqueue(nPos))
end
