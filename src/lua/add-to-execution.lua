#!lua
--[[
  add-to-execution: adds jobs to a running execution, all or nothing (fan-out at run time;
  src/domain/job-graph.ts attachAddition placed them). Every check runs before the first write:
  the execution exists and has not ended, and each job a new job is required by (its `rb` field)
  is still blocked. Then the jobs are written as create-execution.lua writes them (a graph job
  with parents blocked, counted in the execution), each requiredBy job waits on its new parent
  (np + 1, the parent's id and key appended to its pa and dep), each existing parent lists the new
  job among its children (ch), and each existing parent that has ended settles its edge at once (includes/graph.lua settleChild: a success passes its result, anything else
  applies the new job's policy).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  execution id
  ARGV[4]  number of jobs n
  then per job, as enqueue.lua: id, number of fields f, then f field/value pairs (ex = ARGV[3];
           pa: every parent's id; rb: the existing jobs that wait on it; ch: its children's ids)

  Sent twice (a resend), the second call finds the first's jobs and answers 'ok', changing nothing.

  Returns: { 'ok', the execution's counters hash as field, value, ... }, { 'not_found' },
  { 'ended' } (every job of the execution is final), or { 'not_blocked', key or id, status }.
]]
--- @include "includes/enqueue-jobs"
--- @include "includes/finish-job"

blockedIndex = K_BLOCKED

local ex = ARGV[3]
local execKey = K_EXEC .. ex
local counts = redis.call('HMGET', execKey, 't', 'succeeded', 'failed', 'cancelled', 'skipped')
if not counts[1] then return { 'not_found' } end
-- the same call sent again (a resend after a lost reply) finds its first job, which a new call's
-- fresh ids never do: it answers as the first did and changes nothing (before the checks below,
-- which the first call's own work may now fail: its jobs may have run, a requiredBy job moved on)
if ARGV[5] and redis.call('EXISTS', K_JOB .. ARGV[5]) == 1 then
  local reply = redis.call('HGETALL', execKey)
  table.insert(reply, 1, 'ok')
  return reply
end
local done = 0
for i = 2, 5 do done = done + (tonumber(counts[i]) or 0) end
if done >= tonumber(counts[1]) then return { 'ended' } end

local n = countArg(4, 'add: job count')
local newIds = {}
local jobs = {}
local pos = 5
for i = 1, n do
  local id = ARGV[pos]
  local f = tonumber(ARGV[pos + 1]) or 0
  local job = { id = id }
  for k = pos + 2, pos + 1 + f * 2, 2 do
    local name = ARGV[k]
    if name == 'pa' or name == 'rb' or name == 'gk' then job[name] = ARGV[k + 1] end
  end
  newIds[id] = true
  jobs[i] = job
  pos = pos + 2 + f * 2
end

-- every check before the first write
for _, job in ipairs(jobs) do
  for _, target in ipairs(idsOf(job.rb)) do
    local t = redis.call('HMGET', K_JOB .. target, 'st', 'gk')
    if t[1] ~= 'blocked' then return { 'not_blocked', t[2] or target, t[1] or 'gone' } end
  end
end
local plan = planEnqueue(4)
writeEnqueue(plan)
-- the new jobs are in their indexes before any of them moves (a settled edge may unblock one)
flushIndexWrites()

for _, job in ipairs(jobs) do
  for _, target in ipairs(idsOf(job.rb)) do
    local key = K_JOB .. target
    local t = redis.call('HMGET', key, 'pa', 'dep')
    redis.call('HINCRBY', key, 'np', 1)
    redis.call('HSET', key, 'pa', t[1] and (t[1] .. ' ' .. job.id) or job.id, 'dep', t[2] and (t[2] .. ' ' .. (job.gk or job.id)) or (job.gk or job.id))
  end
end
for _, job in ipairs(jobs) do
  for _, pid in ipairs(idsOf(job.pa)) do
    if not newIds[pid] then
      local key = K_JOB .. pid
      local p = redis.call('HMGET', key, 'st', 'gk', 'res', 'ch', 'rtp')
      -- listed even by a parent that has ended: a retry of it runs the new job again with it
      redis.call('HSET', key, 'ch', p[4] and (p[4] .. ' ' .. job.id) or job.id)
      if PARENT_ENDS[p[1]] then settleChild(job.id, p[2] or pid, p[1], p[3] or nil, p[5] or nil) end
    end
  end
end
flushIndexWrites()
flushEvents()
local reply = redis.call('HGETALL', execKey)
table.insert(reply, 1, 'ok')
return reply
