#!lua
--[[
  partitions-retire: forgets partition `index` of a queue's layout (partition-drop.lua emptied it
  first) when it is the last one the layout names, lies at or beyond the count writers fill, and
  the count was lowered at least `guard` ms ago (every instance has read the lower count since,
  so none writes there any more), and its entry on the queue's board. Otherwise it changes nothing.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the partition's index, 1 to 63
  ARGV[4]  guard ms

  Returns: the layout after, as HGETALL pairs.
]]
--- @include "includes/queue-keys"
--- @include "includes/signals"
--- @include "includes/arguments"

local index = countArg(3, 'partitions-retire: index')
local guard = countArg(4, 'partitions-retire: guard')
local n = tonumber(redis.call('HGET', K_PARTITIONS, 'n')) or 1
local since = tonumber(redis.call('HGET', K_PARTITIONS, 'since')) or 0
if index >= 1 and index >= n and NOW - since >= guard
  and redis.call('HEXISTS', K_PARTITIONS, 'p' .. index) == 1
  and redis.call('HEXISTS', K_PARTITIONS, 'p' .. (index + 1)) == 0 then
  redis.call('HDEL', K_PARTITIONS, 'p' .. index)
  -- its board entry goes with it: a partition added at this index later counts its wakes afresh
  redis.call('HDEL', K_BOARD, tostring(index))
  signalSlot(K_PARTITIONS, 'layout')
end
return redis.call('HGETALL', K_PARTITIONS)
