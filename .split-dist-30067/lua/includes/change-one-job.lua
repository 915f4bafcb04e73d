--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "job-record"
-- A change the API asks of one job (cancel, retry), with the replies both scripts give:
-- {'ok', field, value, ...} (the job hash after the change), {'not_found'}, or
-- {'invalid_transition', status} when `change(id, j)` (j: the job hash as a table) returns false
-- because the job's status refuses it. ARGV[3] is the job id, ARGV[4] an id of this call (random,
-- made by the caller; '' = none), kept in the job's field `cid` when the change is made: the same
-- call sent again (ioredis re-sends a command whose connection closed, as in a cluster failover)
-- finds its own id there and answers 'ok' with the job as it stands, changing nothing, where the
-- status alone would refuse it (a cancelled job cannot be cancelled).
local function changeOneJob(change)
  local id = ARGV[3]
  local callId = ARGV[4] or ''
  local key = K_JOB .. id
  local flat = redis.call('HGETALL', key)
  if #flat == 0 then return { 'not_found' } end
  local j = hashToTable(flat)
  if callId ~= '' and j.cid == callId then
    table.insert(flat, 1, 'ok')
    return flat
  end
  if not change(id, j) then return { 'invalid_transition', j.st or 'unknown' } end
  if callId ~= '' then redis.call('HSET', key, 'cid', callId) end
  flushIndexWrites()
  flushEvents()
  local reply = redis.call('HGETALL', key)
  table.insert(reply, 1, 'ok')
  return reply
end
