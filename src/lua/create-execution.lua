#!lua
--[[
  create-execution: creates an execution's counters hash and enqueues its jobs, all or nothing:
  every check (the execution's idempotency key, each job's id, key and arguments) runs before the
  first write, so a call that fails leaves the store as it was. An idempotency key that names a
  live execution returns that execution and writes nothing.
  Each created job joins the execution's counters, total and job list in the same call (a job
  whose id or idempotency key matched an existing job does not); the execution is marked dirty.
  Sent twice (a reconnect), the second call finds the counters hash and every job, and changes
  no count.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  execution id
  ARGV[4]  callback url ('' = none)
  ARGV[5]  the execution's idempotency key ('' = none); kept in the hash K_EXEC_IDEM
           (key -> execution id) and in the counters' field ik, freed by trim-executions.lua
  ARGV[6]  number of jobs n
  then per job, as enqueue.lua: id, number of fields f, then f field/value pairs (ex = ARGV[3]);
           a graph job with parents has st = blocked, np = its parents' count, gk, dep, pa (its
           parents' ids) and opf; one with children has ch (their ids): includes/graph.lua

  Returns: { execution id, its counters hash as field, value, ..., the jobs not created, as
  enqueue.lua returns them }. The id is ARGV[3], or the id of the live execution the key names
  (then nothing was written and the list of jobs not created is empty).
  Invariant: the counters sum to the total; every created job is in exactly one of pending or
  scheduled; an idempotency key names at most one live execution; every execution in the store is
  in K_EXEC_ALL (score: its creation time).
]]
--- @include "includes/enqueue-jobs"

blockedIndex = K_BLOCKED

local id = ARGV[3]
local key = K_EXEC .. id
local ik = ARGV[5]
if ik ~= '' then
  local prior = redis.call('HGET', K_EXEC_IDEM, ik)
  -- the same call sent again (a reconnect) finds its own id: it goes on and changes nothing
  if prior and prior ~= id and redis.call('EXISTS', K_EXEC .. prior) == 1 then
    return { prior, redis.call('HGETALL', K_EXEC .. prior), {} }
  end
end
local plan = planEnqueue(6)

-- the same call sent again finds its counters: they are kept, not zeroed
if redis.call('EXISTS', key) == 0 then
  redis.call('HSET', key, 'ct', NOW_TEXT, 'ut', NOW_TEXT, 't', 0, 'v', 0,
    'pending', 0, 'scheduled', 0, 'running', 0, 'succeeded', 0, 'failed', 0, 'cancelled', 0, 'blocked', 0, 'skipped', 0)
  if ARGV[4] ~= '' then redis.call('HSET', key, 'cb', ARGV[4]) end
  if ik ~= '' then redis.call('HSET', key, 'ik', ik) end
  -- the listing's index (GET /executions), newest first; trim-executions.lua removes the entry
  redis.call('ZADD', K_EXEC_ALL, NOW_TEXT, id)
end
if ik ~= '' then redis.call('HSET', K_EXEC_IDEM, ik, id) end
markRefresh({ id })
local out = writeEnqueue(plan)
flushIndexWrites()
flushEvents()
return { id, redis.call('HGETALL', key), out }
