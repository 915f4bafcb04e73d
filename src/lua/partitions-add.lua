#!lua
--[[
  partitions-add: records partition `index` of a queue as the suffix `k` (its stored name is
  `<queue>~<k>`), unless the layout already names that partition (another instance was first: its
  choice stands) or another partition already has suffix `k` (the caller chose from an old view,
  and chooses again from the layout this returns).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the partition's index, 1 to 63
  ARGV[4]  its suffix k, a whole number >= 1

  Returns: the layout after, as HGETALL pairs.
]]
--- @include "includes/queue-keys"
--- @include "includes/signals"
--- @include "includes/arguments"

local index = countArg(3, 'partitions-add: index')
local k = countArg(4, 'partitions-add: suffix')
if index < 1 or index > 63 or k < 1 then error('claimq partitions-add: index must be 1 to 63 and the suffix >= 1') end
local field = 'p' .. index
local layout = redis.call('HGETALL', K_PARTITIONS)
for i = 1, #layout, 2 do
  if layout[i] == field then return layout end
  if string.sub(layout[i], 1, 1) == 'p' and tonumber(layout[i + 1]) == k then return layout end
end
redis.call('HSET', K_PARTITIONS, field, k)
-- a new partition counts its wakes from 0: no board entry of an earlier one at this index may outrank it
redis.call('HDEL', K_BOARD, string.sub(field, 2))
signalSlot(K_PARTITIONS, 'layout')
return redis.call('HGETALL', K_PARTITIONS)
