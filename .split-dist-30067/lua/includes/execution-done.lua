--- @include "queue-keys"
-- An execution is done when every job is final (succeeded + failed + cancelled = t) and its
-- callback, if it has one, was enqueued (cbq=1): what refresh-ack.lua puts in the done zset and
-- trim-executions.lua re-checks before deleting. Returns done (false when the hash is gone) and
-- the execution's count of in-flight refreshes (`rf`, 0 when absent).
local function executionDone(id)
  local c = redis.call('HMGET', K_EXEC .. id, 't', 'succeeded', 'failed', 'cancelled', 'cb', 'cbq', 'rf')
  local total = tonumber(c[1])
  if not total then return false, 0 end
  local final = (tonumber(c[2]) or 0) + (tonumber(c[3]) or 0) + (tonumber(c[4]) or 0) >= total
  return final and (not c[5] or c[6] == '1'), tonumber(c[7]) or 0
end
