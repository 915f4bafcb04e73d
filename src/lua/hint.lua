#!lua
--[[
  hint: tells the workers waiting on a queue's wake list that one of its partitions has work: a
  token naming the partition (`p<index>`), pushed like includes/index-writes.lua's wake-ups (the
  list stays short). Sent by a partitioned queue's writer when a partition other than the first
  goes from no pending job to some, since that partition's own scripts wake only its own list.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms, unused)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the token

  Returns: 1.
]]
--- @include "includes/queue-keys"

redis.call('LPUSH', K_WAKE, ARGV[3])
redis.call('LTRIM', K_WAKE, 0, 15)
return 1
