#!lua flags=allow-oom
--[[
  refresh-requeue: in-flight refreshes claimed before now - staleMs (their refresher died or hung)
  go back to the refresh set, at most `limit`, each lowering its execution's `rf` count. A late
  ack of such an entry then removes nothing.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  stale after ms
  ARGV[4]  max entries to requeue

  Returns: how many entries were requeued.
  Invariant: an execution leaves the refreshing zset only into the refresh set or by its ack.
]]
--- @include "includes/queue-keys"
--- @include "includes/batch-calls"
--- @include "includes/refresh-in-flight"
--- @include "includes/refresh-mark"

local cutoff = string.format('(%.0f', NOW - tonumber(ARGV[3]))
local members = redis.call('ZRANGEBYSCORE', K_REFRESHING, '-inf', cutoff, 'LIMIT', 0, tonumber(ARGV[4]))
if #members == 0 then return 0 end
local ids = {}
for _, m in ipairs(members) do
  ids[#ids + 1] = string.match(m, '^(%S+)')
  endInFlight(ids[#ids])
end
callBatched('ZREM', K_REFRESHING, members)
markRefresh(ids)
return #members
