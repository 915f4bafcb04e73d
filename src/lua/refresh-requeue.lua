#!lua flags=allow-oom
--[[
  refresh-requeue: in-flight refreshes claimed before now - staleMs (their refresher died or hung)
  go back to the refresh set, at most `limit`, each lowering its execution's `rf` count. A late
  ack of such an entry then removes nothing.

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
  ARGV[3]  stale after ms
  ARGV[4]  max entries to requeue

  Returns: how many entries were requeued.
  Invariant: an execution leaves the refreshing zset only into the refresh set or by its ack.
]]
--- @include "includes/queue-keys"
--- @include "includes/batch-calls"
--- @include "includes/refresh-in-flight"

local cutoff = string.format('(%.0f', NOW - tonumber(ARGV[3]))
local members = redis.call('ZRANGEBYSCORE', K_REFRESHING, '-inf', cutoff, 'LIMIT', 0, tonumber(ARGV[4]))
if #members == 0 then return 0 end
local ids = {}
for _, m in ipairs(members) do
  ids[#ids + 1] = string.match(m, '^(%S+)')
  endInFlight(ids[#ids])
end
callBatched('ZREM', K_REFRESHING, members)
callBatched('SADD', K_REFRESH, ids)
return #members
