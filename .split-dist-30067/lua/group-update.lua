#!lua
--[[
  group-update: changes one group's settings (src/domain/fairness.ts): its own cap, its own rate
  limit, and whether it is paused. A field not sent stays as it is. The default group is ''.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the group's name ('' = the default group)
  ARGV[4]  its cap: '' = unchanged, '-' = cleared, else a whole number >= 1
  ARGV[5]  its rate limit: '' = unchanged, '-' = cleared, else '<max>:<perMs>'
  ARGV[6]  paused: '' = unchanged, '1' = pause, '0' = resume

  Returns: the group's hash after (HGETALL), then the queue's settings hash (HGETALL), as two lists.
  Invariant: a paused group is in none of the round, throttled and full; a changed cap or rate puts
  the group back in the round (a new or changed rate from a full bucket), where the next claim
  holds it again if it must; a group left with nothing (no job, no setting) is forgotten.
]]
--- @include "includes/queue-keys"
--- @include "includes/groups"

local g, cap, rate, paused = ARGV[3], ARGV[4], ARGV[5], ARGV[6]
checkSettingArgs('group-update', cap, rate)
local key = K_GROUP .. g
if not groupedMode() then enableGroups() end
if g ~= '' then redis.call('ZADD', K_GROUPS, 0, g) end
local capChanged = applyCap(key, 'c', cap)
local rateChanged = applyRate(key, rate)
local replace = capChanged or rateChanged
if paused == '1' then
  redis.call('HSET', key, 'p', '1')
elseif paused == '0' then
  if redis.call('HDEL', key, 'p') == 1 then replace = true end
end
if paused == '1' then
  redis.call('ZREM', K_GROUPS_READY, g)
  redis.call('ZREM', K_GROUPS_THROTTLED, g)
  redis.call('SREM', K_GROUPS_FULL, g)
elseif replace then
  redis.call('ZREM', K_GROUPS_THROTTLED, g)
  redis.call('SREM', K_GROUPS_FULL, g)
  if placeGroup(g) then wakeWorkers() end
end
forgetIfIdle(g)
return { redis.call('HGETALL', key), redis.call('HGETALL', K_SETTINGS) }
