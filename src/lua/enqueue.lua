#!lua
--[[
  enqueue: adds many jobs of one queue, all or nothing. Every id and idempotency key is checked
  before anything is written; a job whose hash exists (this call resent after a reconnect, or an id
  repeated in the batch) or whose key exists (in Redis or earlier in this batch) is not added.

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
  KEYS[11] idem hash (idempotency key -> job id)
  KEYS[12] worker lease set prefix
  KEYS[13] workers zset
  KEYS[14] execution hash prefix (counters = KEYS[14] .. executionId)
  KEYS[15] refresh set (dirty executions)
  KEYS[16] refreshing zset (refreshes in flight)

  ARGV[1]  now (epoch ms)
  ARGV[2]  events stream bound, in events (approximate; includes/events.lua)
  ARGV[3]  number of jobs n
  then per job: id, number of fields f, then f field/value pairs (st is pending or scheduled)

  Returns: the jobs NOT created, as {index (1-based), existingId, field, value, ...} each (its id
  or its idempotency key matched an existing job); every other job was created.
  Invariant: a new job is in exactly one of pending or scheduled, matching its st field; running
  the same call twice writes, indexes and counts each job once.
]]
--- @include "includes/enqueue-jobs"

local out = enqueueJobs(3)
flushIndexWrites()
flushEvents()
return out
