#!lua
--[[
  partition-drop: the last step of a removed partition (one at or beyond the queue's lowered
  count), run in the partition's own slot. When the partition holds nothing (no job in any state,
  no idempotency key, no execution, no refresh work, no named group (with jobs or settings of its
  own: a group's settings live in its partition), and every history consumer group has read
  and acknowledged its whole event stream) it deletes what is left of it (event stream, wake list,
  worker registry, sequences, FIFO bookkeeping) and returns 1 (a FIFO list with entries left counts
  as held: the claims that still visit the partition pop them); otherwise it changes nothing and
  returns 0, and the partition is drained further (its jobs are still claimed, reaped and
  trimmed) before the next try.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms, unused)
  ARGV[2]  EVENTS_MAXLEN (unused)

  Returns: 1 when the partition was empty and is gone, else 0.
]]
--- @include "includes/queue-keys"

local held = redis.call('EXISTS', K_PENDING, K_PENDING_FIFO, K_SCHEDULED, K_LEASES, K_SUCCEEDED, K_FAILED, K_CANCELLED, K_BLOCKED, K_SKIPPED, K_IDEM,
  K_EXEC_DONE, K_EXEC_ALL, K_EXEC_IDEM, K_REFRESH, K_REFRESHING, K_STAGES, K_GROUPS)
if held > 0 then return 0 end
if redis.call('EXISTS', K_EVENTS) == 1 then
  for _, group in ipairs(redis.call('XINFO', 'GROUPS', K_EVENTS)) do
    local info = {}
    for i = 1, #group, 2 do info[group[i]] = group[i + 1] end
    if tonumber(info['pending']) ~= 0 or info['lag'] == nil or info['lag'] == false or tonumber(info['lag']) ~= 0 then return 0 end
  end
end
-- bulk decisions kept here outlive their stages (settled within their deadline, well before the
-- guard time of a lowered count): none is needed any more. K_EVENTS_AVG: left by older versions.
-- groups: a named group (with jobs or settings) holds the partition; the default group's hash and
-- the queue's settings go with it, as do the round's indexes (empty without named groups' jobs)
redis.call('DEL', K_EVENTS, K_EVENTS_AVG, K_WAKE, K_WAKE_SEQ, K_SEQ, K_WORKERS, K_PENDING_DEAD, K_PENDING_GONE, K_COMMITS,
  K_SETTINGS, K_GROUP, K_GROUPS_READY, K_GROUPS_THROTTLED, K_GROUPS_FULL)
return 1
