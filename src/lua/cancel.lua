#!lua flags=allow-oom
--[[
  cancel: pending|scheduled -> cancelled; running -> cancel requested (cx=1; the job stays running
  and its next heartbeat answers 'cancel'); a final job is refused.

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
  Invariant: a cancelled job is in the cancelled index only.
]]
--- @include "includes/cancel-job"

local id = ARGV[3]
local key = K_JOB .. id
local flat = redis.call('HGETALL', key)
if #flat == 0 then return { 'not_found' } end
local j = hashToTable(flat)
if not cancelJob(id, j) then
  return { 'invalid_transition', j.st or 'unknown' }
end
flushIndexWrites()
flushEvents()
local reply = redis.call('HGETALL', key)
table.insert(reply, 1, 'ok')
return reply
