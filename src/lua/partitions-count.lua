#!lua
--[[
  partitions-count: sets a queue's partition count in its layout (the hash `partitions`, in the
  slot of the queue's first partition), keeping the counts it had before in `hist` (the latest 8,
  oldest first; the current one is never in it), and when it changed in `since`.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the partition count, 1 to 64

  Returns: the layout after, as HGETALL pairs.
]]
--- @include "includes/queue-keys"
--- @include "includes/signals"
--- @include "includes/arguments"

local n = countArg(3, 'partitions-count: count')
if n < 1 or n > 64 then error('claimq partitions-count: count must be 1 to 64') end
local current = tonumber(redis.call('HGET', K_PARTITIONS, 'n')) or 1
if current ~= n then
  local kept = {}
  local hist = redis.call('HGET', K_PARTITIONS, 'hist')
  if hist then
    for c in string.gmatch(hist, '[0-9]+') do
      if tonumber(c) ~= n and tonumber(c) ~= current then kept[#kept + 1] = c end
    end
  end
  kept[#kept + 1] = tostring(current)
  while #kept > 8 do table.remove(kept, 1) end
  redis.call('HSET', K_PARTITIONS, 'n', n, 'since', NOW_TEXT, 'hist', table.concat(kept, ','))
  signalSlot(K_PARTITIONS, 'layout')
end
return redis.call('HGETALL', K_PARTITIONS)
