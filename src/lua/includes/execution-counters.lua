--- @include "queue-keys"
--- @include "batch-calls"
--- @include "refresh-mark"
-- Execution counters, kept in the same script as each job transition. The counters hash
-- (K_EXEC .. id) holds one field per job status (pending ... cancelled), t (total), ct and ut
-- (created, updated), v (version: +1 per script call that changed it), cb (callback url) and cbq
-- (callback enqueued). The execution's job ids, in order, are the list K_EXEC .. id .. ':jobs'.
-- Callers pass the job's `ex` field only when it is set, so a job without an execution costs one
-- nil check. Changes are summed per execution and written once by flushExecutions (which
-- flushEvents runs): one HMGET and one HSET per execution, and one SADD to the refresh set (with a
-- signal to the refreshers when it was empty: includes/refresh-mark.lua).
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

-- The counter fields, in the order flushExecutions writes them.
local EXEC_FIELDS = { 'pending', 'scheduled', 'running', 'succeeded', 'failed', 'cancelled', 'blocked', 'skipped' }

-- Two commands per execution touched, whatever moved: one HMGET of the counters that moved, t
-- when jobs joined, and v last (v nil: the hash is gone), then one HSET of the new values, the
-- version and the stamp.
local function flushExecutions()
  if #execTouched == 0 then return end
  local live = {}
  for _, ex in ipairs(execTouched) do
    local key = K_EXEC .. ex
    local d = execDeltas[ex]
    local ids = execNewJobs[ex]
    local names = {}
    for i = 1, 8 do
      local n = d[EXEC_FIELDS[i]]
      if n ~= nil and n ~= 0 then names[#names + 1] = EXEC_FIELDS[i] end
    end
    if ids ~= nil then names[#names + 1] = 't' end
    names[#names + 1] = 'v'
    local cur = redis.call('HMGET', key, unpack(names))
    local last = #names
    if cur[last] then
      local args = { 'v', asText(tonumber(cur[last]) + 1), 'ut', NOW_TEXT }
      for i = 1, last - 1 do
        local name = names[i]
        args[#args + 1] = name
        args[#args + 1] = asText((tonumber(cur[i]) or 0) + (name == 't' and #ids or d[name]))
      end
      if ids ~= nil then callBatched('RPUSH', key .. ':jobs', ids) end
      redis.call('HSET', key, unpack(args))
      live[#live + 1] = ex
    end
  end
  if #live > 0 then markRefresh(live) end
  execDeltas = {}
  execNewJobs = {}
  execTouched = {}
end
