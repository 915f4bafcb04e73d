#!lua
--[[
  board-read: a partitioned queue's board, in its partition 0 (the queue's own keys): what the
  writers of the other partitions reported (board-report.lua), and partition 0's own work read
  live (its scripts share the board's slot, so they report nothing).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms, unused)
  ARGV[2]  EVENTS_MAXLEN (unused)

  Returns: { board, zero } where board is the hash's field/value list (index -> "seq|top|due")
  and zero is partition 0's { wake count, best priority or '', next due or '' }.
]]
--- @include "includes/work-state"

return { redis.call('HGETALL', K_BOARD), workState() }
