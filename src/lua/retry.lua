#!lua
--[[
  retry: failed|cancelled -> pending with attempts reset and runAt = now; anything else is refused.

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
  ARGV[3]  job id

  Returns: {'ok', field, value, ...} (the job hash after the change), {'not_found'} or
  {'invalid_transition', status}.
  Invariant: a retried job leaves its final index and joins pending behind the jobs already there.
]]
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/job-record"

local id = ARGV[3]
local key = K_JOB .. id
local flat = redis.call('HGETALL', key)
if #flat == 0 then return { 'not_found' } end
local j = hashToTable(flat)
if j.st ~= 'failed' and j.st ~= 'cancelled' then
  return { 'invalid_transition', j.st or 'unknown' }
end
redis.call('ZREM', FINAL_INDEX[j.st], id)
redis.call('HDEL', key, 'att', 'ft', 'cx', 'w', 'stt', 'res')
redis.call('HSET', key, 'st', 'pending', 'run', NOW, 'ut', NOW)
queuePending(id, numField(j.pr, 0))
addEvent('retried', id, 'pending', 0)
if j.ex then bumpExecution(j.ex, j.st, 'pending') end
flushIndexWrites()
flushEvents()
local reply = redis.call('HGETALL', key)
table.insert(reply, 1, 'ok')
return reply
