--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "job-record"
-- A change the API asks of one job (cancel, retry), with the replies both scripts give:
-- {'ok', field, value, ...} (the job hash after the change), {'not_found'}, or
-- {'invalid_transition', status} when `change(id, j)` (j: the job hash as a table) returns false
-- because the job's status refuses it. ARGV[3] is the job id.
local function changeOneJob(change)
  local id = ARGV[3]
  local key = K_JOB .. id
  local flat = redis.call('HGETALL', key)
  if #flat == 0 then return { 'not_found' } end
  local j = hashToTable(flat)
  if not change(id, j) then return { 'invalid_transition', j.st or 'unknown' } end
  flushIndexWrites()
  flushEvents()
  local reply = redis.call('HGETALL', key)
  table.insert(reply, 1, 'ok')
  return reply
end
