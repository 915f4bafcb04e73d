--[[
  create-execution: creates an execution's counters hash and enqueues its jobs, all or nothing.
  Each created job joins the execution's counters, total and job list in the same call (a job
  whose id or idempotency key matched an existing job does not); the execution is marked dirty.
  Sent twice (a reconnect), the second call finds the counters hash and every job, and changes
  no count.

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
  ARGV[4]  callback url ('' = none)
  ARGV[5]  number of jobs n
  then per job, as enqueue.lua: id, number of fields f, then f field/value pairs (ex = ARGV[3])

  Returns: { counters hash as field, value, ... , the jobs not created, as enqueue.lua returns them }.
  Invariant: the counters sum to the total; every created job is in exactly one of pending or
  scheduled.
]]
--- @include "includes/enqueue-jobs"

local key = K_EXEC .. ARGV[3]
-- the same call sent again (a reconnect) finds its counters: they are kept, not zeroed
if redis.call('EXISTS', key) == 0 then
  redis.call('HSET', key, 'ct', NOW, 'ut', NOW, 't', 0, 'v', 0,
    'pending', 0, 'scheduled', 0, 'running', 0, 'succeeded', 0, 'failed', 0, 'cancelled', 0)
  if ARGV[4] ~= '' then redis.call('HSET', key, 'cb', ARGV[4]) end
end
redis.call('SADD', K_REFRESH, ARGV[3])
local out = enqueueJobs(5)
flushIndexWrites()
flushEvents()
return { redis.call('HGETALL', key), out }
