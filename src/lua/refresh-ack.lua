--[[
  refresh-ack: ends a refresher's in-flight refreshes (ZREM of its own members only: an execution
  claimed again by another refresher keeps that entry) and flags the executions whose callback job
  was enqueued (cbq=1), so no later refresh sends it again. Never touches the refresh set: an
  execution dirtied during its refresh stays dirty.

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
  ARGV[3]  refresher id
  ARGV[4]  number of acknowledged executions n
  ARGV[5 .. 4+n]  their ids
  then the ids whose callback was enqueued

  Returns: how many in-flight entries were removed.
]]
--- @include "includes/queue-keys"
--- @include "includes/batch-calls"

local refresher = ARGV[3]
local n = tonumber(ARGV[4])
local members = {}
for i = 5, 4 + n do
  members[#members + 1] = ARGV[i] .. ' ' .. refresher
end
for i = 5 + n, #ARGV do
  redis.call('HSET', K_EXEC .. ARGV[i], 'cbq', '1')
end
local removed = 0
local i = 1
while i <= #members do
  local j = math.min(i + BATCH_CHUNK - 1, #members)
  removed = removed + redis.call('ZREM', K_REFRESHING, unpack(members, i, j))
  i = j + 1
end
return removed
