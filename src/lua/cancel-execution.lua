#!lua flags=allow-oom
--[[
  cancel-execution: cancels the jobs of an execution that have not finished, a bounded slice of
  its job list per call (the caller loops over the offsets): blocked|pending|scheduled -> cancelled,
  running -> cancel requested (includes/cancel-job.lua). Final jobs and deleted ones are skipped.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  execution id
  ARGV[4]  offset in the execution's job list
  ARGV[5]  max jobs to look at

  Returns: {'ok', next offset or -1 when the list is done}, or {'not_found'}.
  Invariant: the execution's counters follow every job changed.
]]
--- @include "includes/cancel-job"

-- the blocked children of what this cancels are cancelled too, whatever their policy (graph.lua)
graphCancels = true

local key = K_EXEC .. ARGV[3]
if redis.call('EXISTS', key) == 0 then return { 'not_found' } end
local start = tonumber(ARGV[4])
local count = tonumber(ARGV[5])
local ids = redis.call('LRANGE', key .. ':jobs', start, start + count - 1)
for _, id in ipairs(ids) do
  local v = redis.call('HMGET', K_JOB .. id, 'st', 'att', 'cx', 'w', 'ex', 'pr', 'grp', 'tok')
  if v[1] then cancelJob(id, { st = v[1], att = v[2], cx = v[3], w = v[4] or nil, ex = v[5] or nil, pr = v[6] or nil, grp = v[7] or nil, tok = v[8] or nil }) end
end
flushIndexWrites()
flushEvents()
if #ids < count then return { 'ok', -1 } end
return { 'ok', start + #ids }
