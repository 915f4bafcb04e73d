#!lua flags=allow-oom
--[[
  rate-refund: gives back tokens rate-take.lua took that the claim did not use.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  tokens to give back
  ARGV[4]  an id of this call: the same call sent again gives nothing back a second time

  Returns: 1.
  Invariant: the bucket never holds more than a full one (a `tat` in the past is a full bucket).
]]
--- @include "includes/queue-keys"
--- @include "includes/rate-limit"
--- @include "includes/arguments"

local n = countArg(3, 'tokens')
local callId = ARGV[4] or ''
local S = redis.call('HMGET', K_SETTINGS, 'rm', 'rp', 'tat', 'rfc')
if callId ~= '' and S[4] == callId then return 1 end
if callId ~= '' then redis.call('HSET', K_SETTINGS, 'rfc', callId) end
local max, per, tat = tonumber(S[1]), tonumber(S[2]), tonumber(S[3])
if n > 0 and max and tat then
  redis.call('HSET', K_SETTINGS, 'tat', formatTat(math.max(NOW, tat - n * per / max)))
end
return 1
