#!lua
--[[
  board-report: records in a partitioned queue's board (a hash in its partition 0) the work of
  one of its partitions as a script there saw it (partition-work.lua, enqueue-partition.lua), unless
  the board holds a later sight of it (a larger wake count: reports can arrive out of order). With
  ARGV[7] = '1' it also wakes the queue's waiting workers (a token on the wake list, which stays
  short), whether or not the report was the latest: a later report need not have woken anyone;
  and, when a worker went idle on the queue as an unpartitioned one since the last `work` signal
  (iw: it waits on the signals, and may not know of the partitions yet), a `work` signal.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms, unused)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the partition's index
  ARGV[4]  its wake count when seen
  ARGV[5]  its best claimable priority, '' when none
  ARGV[6]  its next scheduled job's due time, '' when none
  ARGV[7]  '1': wake a waiting worker

  Returns: 1 when the report was recorded, 0 when the board knew a later one.
]]
--- @include "includes/queue-keys"
--- @include "includes/signals"

local recorded = 0
local known = redis.call('HGET', K_BOARD, ARGV[3])
local knownSeq = known and tonumber(string.match(known, '^[^|]*'))
if not knownSeq or knownSeq <= tonumber(ARGV[4]) then
  redis.call('HSET', K_BOARD, ARGV[3], ARGV[4] .. '|' .. ARGV[5] .. '|' .. ARGV[6])
  recorded = 1
end
if ARGV[7] == '1' then
  redis.call('LPUSH', K_WAKE, '1')
  redis.call('LTRIM', K_WAKE, 0, 15)
  if redis.call('HDEL', K_SETTINGS, 'iw') == 1 then signalSlot(K_SETTINGS, 'work') end
end
return recorded
