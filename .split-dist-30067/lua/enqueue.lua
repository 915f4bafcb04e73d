#!lua
--[[
  enqueue: adds many jobs of one queue, all or nothing. Every id and idempotency key is checked
  before anything is written; a job whose hash exists (this call resent after a reconnect, or an id
  repeated in the batch) or whose key exists (in Redis or earlier in this batch) is not added.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  number of jobs n
  then per job: id, number of fields f, then f field/value pairs (st is pending or scheduled)

  Returns: { notCreated } where notCreated lists the jobs NOT created, as {index (1-based),
  existingId, field, value, ...} each (its id or its idempotency key matched an existing job);
  every other job was created. (A partition of a partitioned queue is written by
  enqueue-partition.lua, which also reports the partition's work.)
  Invariant: a new job is in exactly one of pending or scheduled, matching its st field; running
  the same call twice writes, indexes and counts each job once.
]]
--- @include "includes/enqueue-jobs"

local out = enqueueJobs(3)
flushIndexWrites()
flushEvents()
return { out }
