--[[
  enqueue: adds many jobs of one queue, all or nothing. Every idempotency key is checked before
  anything is written; a job whose key exists (in Redis or earlier in this batch) is not added.

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
  KEYS[11] idem hash (idempotency key -> job id)
  KEYS[12] worker lease set prefix
  KEYS[13] workers zset

  ARGV[1]  now (epoch ms)
  ARGV[2]  events stream MAXLEN (approximate)
  ARGV[3]  number of jobs n
  then per job: id, number of fields f, then f field/value pairs (st is pending or scheduled)

  Returns: per job, {1} when created, or {0, existingId, field, value, ...} when its idempotency
  key matched an existing job.
  Invariant: a new job is in exactly one of pending or scheduled, matching its st field.
]]
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/job-record"

local n = tonumber(ARGV[3])
local jobs = {}
local pos = 4
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

flushIndexWrites()
flushEvents()
return out
