#!lua flags=allow-oom
--[[
  trim: deletes final jobs older than their retention, at most `limit`: the job hash, its index
  entry and its idempotency key (when the key still points at this job).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  max jobs to delete
  ARGV[4]  succeeded retention ms
  ARGV[5]  failed retention ms
  ARGV[6]  cancelled retention ms (skipped jobs too)

  Returns: how many jobs were deleted.
  Invariant: a deleted job leaves no index entry, no idempotency key and no parents' results behind.
]]
--- @include "includes/queue-keys"
--- @include "includes/batch-calls"
--- @include "includes/arguments"

local budget = countArg(3, 'trim: limit')
local retention = {
  { K_SUCCEEDED, numArg(4, 'trim: succeeded retention') },
  { K_FAILED, numArg(5, 'trim: failed retention') },
  { K_CANCELLED, numArg(6, 'trim: cancelled retention') },
  { K_SKIPPED, numArg(6, 'trim: cancelled retention') },
}
local deleted = 0
for _, r in ipairs(retention) do
  if budget <= 0 then break end
  -- strictly older than the retention (pastRetention, src/domain/job-lifecycle.ts)
  local cutoff = string.format('(%.0f', NOW - r[2])
  local ids = redis.call('ZRANGEBYSCORE', r[1], '-inf', cutoff, 'LIMIT', 0, budget)
  if #ids > 0 then
    for _, id in ipairs(ids) do
      local key = K_JOB .. id
      local ik = redis.call('HGET', key, 'ik')
      if ik and redis.call('HGET', K_IDEM, ik) == id then redis.call('HDEL', K_IDEM, ik) end
      -- a graph job's parents' results (includes/graph.lua) go with it
      redis.call('DEL', key, key .. ':pr', key .. ':lg')
    end
    callBatched('ZREM', r[1], ids)
    budget = budget - #ids
    deleted = deleted + #ids
  end
end
return deleted
