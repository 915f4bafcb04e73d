#!lua
--[[
  reap-quiet: the reapers may leave this queue alone while it holds no lease: when K_LEASES is
  empty, marks the settings (rq = 1) and answers 1 with the earliest scheduled job's due time;
  otherwise answers 0. The first claim that leases a job here after it, and a scheduled job added
  due sooner than every other (includes/index-writes.lua), clear the mark and PUBLISH `reap` on the
  slot's signals channel (includes/signals.lua) in the same step, so the reapers come back before a
  lease can run out or a due job waits for them. Atomic: no claim falls between the look and the mark.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)

  Returns: { 1, due time of the earliest scheduled job or '' } (quiet), or { 0 } (leases held).
]]
--- @include "includes/queue-keys"

if redis.call('EXISTS', K_LEASES) == 1 then return { 0 } end
redis.call('HSET', K_SETTINGS, 'rq', '1')
return { 1, redis.call('ZRANGE', K_SCHEDULED, 0, 0, 'WITHSCORES')[2] or '' }
