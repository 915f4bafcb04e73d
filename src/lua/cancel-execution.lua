#!lua flags=allow-oom
--[[
  cancel-execution: cancels the jobs of an execution that have not finished, a bounded slice of
  its job list per call (the caller loops over the offsets): pending|scheduled -> cancelled,
  running -> cancel requested (includes/cancel-job.lua). Final jobs and deleted ones are skipped.

  KEYS[1]  job hash prefix (job hash = KEYS[1] .. id)
  KEYS[2]  pending zset (priority <> 0); its list of priority 0 is KEYS[2] .. ':fifo'
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
  ARGV[2]  events stream bound, in events (approximate; includes/events.lua)
  ARGV[3]  execution id
  ARGV[4]  offset in the execution's job list
  ARGV[5]  max jobs to look at

  Returns: {'ok', next offset or -1 when the list is done}, or {'not_found'}.
  Invariant: the execution's counters follow every job changed.
]]
--- @include "includes/cancel-job"

local key = K_EXEC .. ARGV[3]
if redis.call('EXISTS', key) == 0 then return { 'not_found' } end
local start = tonumber(ARGV[4])
local count = tonumber(ARGV[5])
local ids = redis.call('LRANGE', key .. ':jobs', start, start + count - 1)
for _, id in ipairs(ids) do
  local v = redis.call('HMGET', K_JOB .. id, 'st', 'att', 'cx', 'w', 'ex')
  if v[1] then cancelJob(id, { st = v[1], att = v[2], cx = v[3], w = v[4] or nil, ex = v[5] or nil }) end
end
flushIndexWrites()
flushEvents()
if #ids < count then return { 'ok', -1 } end
return { 'ok', start + #ids }
