--- @include "batch-calls"
--- @include "signals"
-- Dirty executions go into the refresh set; when it was empty, the refreshers hear of it (while it
-- is not, one that heard earlier has the queue marked, so a busy queue publishes once per drain).
local function markRefresh(ids)
  local wasEmpty = redis.call('EXISTS', K_REFRESH) == 0
  callBatched('SADD', K_REFRESH, ids)
  if wasEmpty then signalSlot(K_REFRESH, 'refresh') end
end
