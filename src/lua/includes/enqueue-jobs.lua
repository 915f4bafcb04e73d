--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "job-record"
--- @include "execution-counters"
-- Adds many jobs of one queue, all or nothing (see enqueue.lua for the argument layout, which
-- starts at ARGV[nPos]: the number of jobs, then per job id, field count, field/value pairs).
-- Every id and idempotency key is checked before anything is written; a job whose hash exists
-- (the same call sent again, e.g. an EVALSHA resent after a reconnect, or an id repeated in this
-- batch) or whose key exists (in Redis or earlier in this batch) is not added, so nothing is
-- written or counted twice. A job with an `ex` field joins that execution.
-- Reads the fields straight from ARGV (no per-job table). Returns only the jobs NOT created:
-- { {index, existingId, field, value, ...}, ... } (index is 1-based); every other job was created.
local function enqueueJobs(nPos)
  local n = tonumber(ARGV[nPos])
  local starts = {}
  local existing = {}
  local claimedKeys = {}
  local batchIds = {}
  local pos = nPos + 1
  for i = 1, n do
    starts[i] = pos
    local id = ARGV[pos]
    local last = pos + 1 + tonumber(ARGV[pos + 1]) * 2
    -- a job already stored is reported as it stands; its key needs no check
    local keyFrom = pos + 2
    if batchIds[id] or redis.call('EXISTS', K_JOB .. id) == 1 then
      existing[i] = id
      keyFrom = last + 1
    end
    for f = keyFrom, last, 2 do
      if ARGV[f] == 'ik' then
        local ik = ARGV[f + 1]
        local prior = claimedKeys[ik]
        if prior == nil then
          local keyed = redis.call('HGET', K_IDEM, ik)
          if keyed and redis.call('EXISTS', K_JOB .. keyed) == 1 then prior = keyed end
        end
        if prior ~= nil then
          existing[i] = prior
        else
          claimedKeys[ik] = id
        end
        break
      end
    end
    if existing[i] == nil then batchIds[id] = true end
    pos = last + 1
  end

  for i = 1, n do
    if existing[i] == nil then
      local p = starts[i]
      local id = ARGV[p]
      local first, last = p + 2, p + 1 + tonumber(ARGV[p + 1]) * 2
      local st, jobType, pr, max, ex, run, ik
      for f = first, last, 2 do
        local name = ARGV[f]
        if name == 'st' then st = ARGV[f + 1]
        elseif name == 'type' then jobType = ARGV[f + 1]
        elseif name == 'pr' then pr = ARGV[f + 1]
        elseif name == 'max' then max = ARGV[f + 1]
        elseif name == 'run' then run = ARGV[f + 1]
        elseif name == 'ik' then ik = ARGV[f + 1]
        elseif name == 'ex' then ex = ARGV[f + 1]
        end
      end
      redis.call('HSET', K_JOB .. id, unpack(ARGV, first, last))
      if ik ~= nil then redis.call('HSET', K_IDEM, ik, id) end
      local priority = numField(pr, 0)
      if st == 'scheduled' then
        addToIndex(K_SCHEDULED, run, id)
      else
        queuePending(id, priority)
      end
      addEnqueuedEvent(id, st, priority, numField(max, DEFAULT_MAX_ATTEMPTS), ex, jobType)
      if ex ~= nil then addExecutionJob(ex, id, st) end
    end
  end

  local out = {}
  for i, prior in pairs(existing) do
    local reply = { i, prior }
    for _, v in ipairs(redis.call('HGETALL', K_JOB .. prior)) do
      reply[#reply + 1] = v
    end
    out[#out + 1] = reply
  end
  return out
end
