#!lua flags=no-writes
--[[
  counts: the jobs of a queue per status, read in one atomic step (a pipeline of reads could see a
  claim land between the list's length and its count of dead entries). Read-only, so it answers
  on a Redis over its maxmemory too.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  Returns: { pending, scheduled, running, succeeded, failed, cancelled, blocked, skipped } (JOB_STATUSES' order). Pending counts both
  pending indexes and the named groups' entries, less the dead entries (includes/index-writes.lua).
]]

local gone = tonumber(redis.call('GET', K_PENDING_GONE)) or 0
-- entries in the named groups' pending structures (includes/groups.lua), dead ones too
local grouped = tonumber(redis.call('HGET', K_SETTINGS, 'gn')) or 0
return {
  redis.call('ZCARD', K_PENDING) + redis.call('LLEN', K_PENDING_FIFO) + grouped - gone,
  redis.call('ZCARD', K_SCHEDULED),
  redis.call('ZCARD', K_LEASES),
  redis.call('ZCARD', K_SUCCEEDED),
  redis.call('ZCARD', K_FAILED),
  redis.call('ZCARD', K_CANCELLED),
  redis.call('ZCARD', K_BLOCKED),
  redis.call('ZCARD', K_SKIPPED),
}
