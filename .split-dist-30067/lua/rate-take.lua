#!lua
--[[
  rate-take: takes up to `max` tokens from a queue's rate limit (its settings hash), for a claim a
  caller makes elsewhere: a partitioned queue's claims on its partitions are budgeted here, in
  partition 0, whose settings are the queue's (src/modules/queue/partitions/partitioned-groups.ts).

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  max tokens wanted
  ARGV[4]  an id of this call (random, made by the caller): the same call sent again (a resend
           after a lost reply) finds it in the settings and answers as the first, charging nothing

  Returns: { taken, nextAt } where nextAt is when the next token is due once none is left (-1 when
  one is left or the queue has no rate), and taken is 0 while the queue is paused.
  Invariant: the bucket is charged exactly `taken` (rate-refund.lua gives back what a claim did
  not use).
]]
--- @include "includes/queue-keys"
--- @include "includes/rate-limit"
--- @include "includes/arguments"

local want = countArg(3, 'max tokens')
local callId = ARGV[4] or ''
local S = redis.call('HMGET', K_SETTINGS, 'p', 'rm', 'rp', 'tat', 'rtc', 'rtr')
if callId ~= '' and S[5] == callId then
  local taken, nextAt = string.match(S[6] or '', '^(%d+):(-?%d+)$')
  if taken then return { tonumber(taken), tonumber(nextAt) } end
end
if S[1] == '1' then return { 0, -1 } end
local max, per, tat = tonumber(S[2]), tonumber(S[3]), tonumber(S[4])
if not max then return { want, -1 } end
local taken = math.min(want, tokensAvailable(tat, max, per))
if taken > 0 then
  tat = takeTokens(tat, max, per, taken)
  redis.call('HSET', K_SETTINGS, 'tat', formatTat(tat))
end
local nextAt = -1
if tokensAvailable(tat, max, per) == 0 then nextAt = nextTokenAt(tat, max, per) end
if callId ~= '' then redis.call('HSET', K_SETTINGS, 'rtc', callId, 'rtr', taken .. ':' .. string.format('%.0f', nextAt)) end
return { taken, nextAt }
