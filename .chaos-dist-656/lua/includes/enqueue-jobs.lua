--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "job-record"
--- @include "execution-counters"
-- Adds many jobs of one queue, all or nothing (see enqueue.lua for the argument layout, which
-- starts at ARGV[nPos]: the number of jobs, then per job id, field count, field/value pairs).
-- Every idempotency key is checked before anything is written; a job whose key exists (in Redis
-- or earlier in this batch) is not added. A job with an `ex` field joins that execution.
-- Returns per job {1} when created, or {0, existingId, field, value, ...}.
local function enqueueJobs(nPos)
  local n = tonumber(ARGV[nPos])
  local jobs = {}
  local pos = nPos + 1
  for i = 1, n do
    local nf = tonumber(ARGV[pos + 1])
    local fields = {}
    local first, last = pos + 2, pos + 1 + nf * 2
    for f = first, last, 2 do
      fields[ARGV[f]] = ARGV[f + 1]
    end
    jobs[i] = { id = ARGV[pos], first = first, last = last, f = fields }
    pos = last + 1
  end

  local existing = {}
  local claimedKeys = {}
  for i, job in ipairs(jobs) do
    local ik = job.f.ik
    if ik ~= nil then
      local prior = claimedKeys[ik]
      if prior == nil then
        local id = redis.call('HGET', K_IDEM, ik)
        if id and redis.call('EXISTS', K_JOB .. id) == 1 then prior = id end
      end
      if prior ~= nil then
        existing[i] = prior
      else
        claimedKeys[ik] = job.id
      end
    end
  end

  local out = {}
  for i, job in ipairs(jobs) do
    if existing[i] == nil then
      local f = job.f
      redis.call('HSET', K_JOB .. job.id, unpack(ARGV, job.first, job.last))
      if f.ik ~= nil then redis.call('HSET', K_IDEM, f.ik, job.id) end
      local priority = numField(f.pr, 0)
      if f.st == 'scheduled' then
        addToIndex(K_SCHEDULED, f.run, job.id)
      else
        queuePending(job.id, priority)
      end
      addEvent({
        k = 'enqueued', id = job.id, st = f.st, att = 0, at = NOW, type = f.type, prio = priority,
        ctime = NOW, max = numField(f.max, DEFAULT_MAX_ATTEMPTS), exec = f.ex,
      })
      if f.ex ~= nil then addExecutionJob(f.ex, job.id, f.st) end
      out[i] = { 1 }
    end
  end
  for i, prior in pairs(existing) do
    local reply = { 0, prior }
    for _, v in ipairs(redis.call('HGETALL', K_JOB .. prior)) do
      reply[#reply + 1] = v
    end
    out[i] = reply
  end
  return out
end
