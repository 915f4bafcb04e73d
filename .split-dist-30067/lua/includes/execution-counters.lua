--- @include "queue-keys"
--- @include "batch-calls"
-- Execution counters, kept in the same script as each job transition. The counters hash
-- (K_EXEC .. id) holds one field per job status (pending ... cancelled), t (total), ct and ut
-- (created, updated), v (version: +1 per script call that changed it), cb (callback url) and cbq
-- (callback enqueued). The execution's job ids, in order, are the list K_EXEC .. id .. ':jobs'.
-- Callers pass the job's `ex` field only when it is set, so a job without an execution costs one
-- nil check. Changes are summed per execution and written once by flushExecutions (which
-- flushEvents runs): one HINCRBY per changed status, a stamp, and one SADD to the refresh set.
-- An execution whose hash is gone (trimmed after its retention, trim-executions.lua) is left
-- alone: its jobs may outlive it (a retry via the API), and a partial hash would hold negative
-- counts. create-execution.lua writes the hash before adding the jobs, so new jobs always count.
local execDeltas = {}
local execNewJobs = {}
local execTouched = {}

local function execDelta(ex)
  local d = execDeltas[ex]
  if d == nil then
    d = {}
    execDeltas[ex] = d
    execTouched[#execTouched + 1] = ex
  end
  return d
end

-- One job of execution `ex` moves from status `from` (nil for a new job) to `to`.
local function bumpExecution(ex, from, to)
  if from == to then return end
  local d = execDelta(ex)
  if from then d[from] = (d[from] or 0) - 1 end
  d[to] = (d[to] or 0) + 1
end

-- A new job joins execution `ex` in status `st`.
local function addExecutionJob(ex, id, st)
  bumpExecution(ex, nil, st)
  local ids = execNewJobs[ex]
  if ids == nil then
    ids = {}
    execNewJobs[ex] = ids
  end
  ids[#ids + 1] = id
end

local function flushExecutions()
  if #execTouched == 0 then return end
  local live = {}
  for _, ex in ipairs(execTouched) do
    local key = K_EXEC .. ex
    if redis.call('EXISTS', key) == 1 then
      for st, n in pairs(execDeltas[ex]) do
        if n ~= 0 then redis.call('HINCRBY', key, st, n) end
      end
      local ids = execNewJobs[ex]
      if ids ~= nil then
        redis.call('HINCRBY', key, 't', #ids)
        callBatched('RPUSH', key .. ':jobs', ids)
      end
      redis.call('HINCRBY', key, 'v', 1)
      redis.call('HSET', key, 'ut', NOW)
      live[#live + 1] = ex
    end
  end
  if #live > 0 then callBatched('SADD', K_REFRESH, live) end
  execDeltas = {}
  execNewJobs = {}
  execTouched = {}
end
