#!lua
--[[
  workers-forget: removes the worker directory's entries whose last heartbeat is older than the
  cutoff (a process that died, or shut down without removing its entry), at most `limit`, oldest
  first. A worker that published again since is fresh and stays: the read and the removal are one
  atomic step.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  silent ms: entries whose heartbeat is older than now - this go
  ARGV[4]  limit

  Returns: the ids removed.
  Invariant: a worker id is in the info hash exactly when it is in the beats zset.
]]
--- @include "includes/arguments"

local cutoff = numArg(1, 'now') - countArg(3, 'silent ms')
local limit = countArg(4, 'limit')
if limit == 0 then return {} end
local ids = redis.call('ZRANGEBYSCORE', K_WORKER_BEATS, '-inf', '(' .. cutoff, 'LIMIT', 0, limit)
for _, id in ipairs(ids) do
  redis.call('HDEL', K_WORKER_INFO, id)
  redis.call('ZREM', K_WORKER_BEATS, id)
end
return ids
