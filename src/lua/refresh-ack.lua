#!lua flags=allow-oom
--[[
  refresh-ack: ends a refresher's in-flight refreshes (ZREM of its own members only: an execution
  claimed again by another refresher keeps that entry; each member removed lowers the execution's
  `rf` count) and flags the executions whose callback job was enqueued (cbq=1), so no later
  refresh sends it again. Never touches the refresh set: an execution dirtied during its refresh
  stays dirty. An acknowledged execution whose counters are final (every job succeeded, failed or
  cancelled) and whose callback, if any, is enqueued joins the done zset at now, where
  trim-executions.lua finds it after its retention. Executions whose hash is gone are not recreated.

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
  Invariant: an execution is in the done zset only while final with its callback enqueued (a
  later change makes it running again; trim-executions.lua re-checks and drops such entries).
]]
--- @include "includes/queue-keys"
--- @include "includes/refresh-in-flight"
--- @include "includes/execution-done"

local refresher = ARGV[3]
local n = tonumber(ARGV[4])
for i = 5 + n, #ARGV do
  local key = K_EXEC .. ARGV[i]
  if redis.call('EXISTS', key) == 1 then redis.call('HSET', key, 'cbq', '1') end
end
local removed = 0
for i = 5, 4 + n do
  local id = ARGV[i]
  if redis.call('ZREM', K_REFRESHING, id .. ' ' .. refresher) == 1 then
    removed = removed + 1
    endInFlight(id)
  end
  if executionDone(id) then redis.call('ZADD', K_EXEC_DONE, NOW, id) end
end
return removed
