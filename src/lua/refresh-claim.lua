#!lua
--[[
  refresh-claim: takes up to `max` dirty executions out of the refresh set (SPOP) and marks each in
  flight for one refresher (ZADD refreshing, member '<id> <refresherId>', score now), returning
  their counters. An execution dirtied again later is SADDed to refresh again by the transition,
  so a change made during a refresh is refreshed again. Executions whose hash is gone are dropped.
  Each new in-flight member adds 1 to the execution's `rf` field (its count of in-flight entries,
  lowered by refresh-ack and refresh-requeue), so trim-executions.lua sees in O(1) that it is busy.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  refresher id (no spaces)
  ARGV[4]  max executions to claim

  Returns: list of {executionId, field, value, ...} (the counters hash).
  Invariant: a claimed execution is in the refreshing zset until acknowledged or requeued; its
  `rf` field counts its members there.
]]
--- @include "includes/queue-keys"

local refresher = ARGV[3]
local ids = redis.call('SPOP', K_REFRESH, tonumber(ARGV[4]))
local out = {}
for _, id in ipairs(ids) do
  local key = K_EXEC .. id
  local flat = redis.call('HGETALL', key)
  if #flat > 0 then
    table.insert(flat, 1, id)
    out[#out + 1] = flat
    -- ZADD answers 1 for a new member; the same refresher claiming it again only moves its score
    if redis.call('ZADD', K_REFRESHING, NOW_TEXT, id .. ' ' .. refresher) == 1 then
      redis.call('HINCRBY', key, 'rf', 1)
    end
  end
end
return out
