--- @include "queue-keys"
-- An execution's `rf` field counts its members in the refreshing zset (refresh-claim.lua adds 1
-- per new member). Called once per member removed (refresh-ack, refresh-requeue); the field goes
-- at 0. A hash already gone is not recreated.
local function endInFlight(id)
  local key = K_EXEC .. id
  if redis.call('EXISTS', key) == 0 then return end
  if redis.call('HINCRBY', key, 'rf', -1) <= 0 then redis.call('HDEL', key, 'rf') end
end
