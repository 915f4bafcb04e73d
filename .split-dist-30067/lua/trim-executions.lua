#!lua flags=allow-oom
--[[
  trim-executions: deletes executions acknowledged final more than `retention` ago, at most
  `limit` per call: the counters hash, its idempotency key (when it still names this execution),
  its entry in the listing's index (K_EXEC_ALL) and the job list (UNLINK: a list of up to 10,000 ids is
  freed off the main thread). Candidates come from the done zset (refresh-ack.lua adds them), never
  from a scan. Each is re-checked first and deleted only when it is still final, its callback (if
  any) enqueued, not dirty (not in the refresh set) and not in flight (`rf`, its count of
  refreshing entries, absent or 0). A candidate that fails the check only leaves the done zset: it
  is dirty or in flight, so a later ack puts it back once it is final again.

  Rule for the jobs: an execution is trimmed whether or not its jobs still exist (jobs have their own
  retention, trim.lua). A later transition of such a job (a retry through the API) leaves the
  counters alone: includes/execution-counters.lua changes only a hash that exists, so no partial
  hash with negative counts appears. The execution then lives on in history (the executions table).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  retention ms (after the ack that found the execution final)
  ARGV[4]  max done entries to look at

  Returns: how many executions were deleted.
  Invariant: a deleted execution was final, clean and idle; nothing it leaves behind recreates it.
]]
--- @include "includes/queue-keys"
--- @include "includes/batch-calls"
--- @include "includes/execution-done"

local cutoff = string.format('(%.0f', NOW - tonumber(ARGV[3]))
local ids = redis.call('ZRANGEBYSCORE', K_EXEC_DONE, '-inf', cutoff, 'LIMIT', 0, tonumber(ARGV[4]))
local deleted = 0
for _, id in ipairs(ids) do
  local done, inFlight = executionDone(id)
  if done and inFlight <= 0 and redis.call('SISMEMBER', K_REFRESH, id) == 0 then
    local key = K_EXEC .. id
    -- its idempotency key goes with it (a later execution may have taken the key: left alone)
    local ik = redis.call('HGET', key, 'ik')
    if ik and redis.call('HGET', K_EXEC_IDEM, ik) == id then redis.call('HDEL', K_EXEC_IDEM, ik) end
    redis.call('UNLINK', key, key .. ':jobs')
    redis.call('ZREM', K_EXEC_ALL, id)
    deleted = deleted + 1
  end
end
if #ids > 0 then callBatched('ZREM', K_EXEC_DONE, ids) end
return deleted
