#!lua flags=allow-oom
--[[
  refresh-ack: ends a refresher's in-flight refreshes (ZREM of its own members only: an execution
  claimed again by another refresher keeps that entry; each member removed lowers the execution's
  `rf` count) and flags the executions whose callback job was enqueued (cbq=1), so no later
  refresh sends it again. Never touches the refresh set: an execution dirtied during its refresh
  stays dirty. An acknowledged execution whose counters are final (every job succeeded, failed or
  cancelled) and whose callback, if any, is enqueued joins the done zset at now, where
  trim-executions.lua finds it after its retention. Executions whose hash is gone are not recreated.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
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
  if executionDone(id) then redis.call('ZADD', K_EXEC_DONE, NOW_TEXT, id) end
end
return removed
