#!lua
--[[
  queue-settings: changes a queue's fairness settings (src/domain/fairness.ts): its groups' default
  cap, its own rate limit, and whether it is paused. A field not sent stays as it is.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  groups' default cap: '' = unchanged, '-' = cleared, else a whole number >= 1
  ARGV[4]  rate limit: '' = unchanged, '-' = cleared, else '<max>:<perMs>'
  ARGV[5]  paused: '' = unchanged, '1' = pause, '0' = resume

  Returns: the settings hash after (HGETALL).
  Invariant: a cap turns groups on for the queue (the default group's cap too), and every group
  held at its cap is put back in the round, where the next claim holds it again if it must; a new
  or changed rate starts from a full bucket; a resume wakes idle workers.
]]
--- @include "includes/queue-keys"
--- @include "includes/groups"

local cap, rate, paused = ARGV[3], ARGV[4], ARGV[5]
checkSettingArgs('queue-settings', cap, rate)
local wake = false
if applyCap(K_SETTINGS, 'gc', cap) then
  if not groupedMode() then enableGroups() end
  -- the held groups rejoin by name (a set's order is Redis's own; GroupRound.updateSettings does the same)
  local full = redis.call('SMEMBERS', K_GROUPS_FULL)
  table.sort(full)
  for _, g in ipairs(full) do
    redis.call('SREM', K_GROUPS_FULL, g)
    if placeGroup(g) then wake = true end
  end
end
if applyRate(K_SETTINGS, rate) then wake = true end
if paused == '1' then
  redis.call('HSET', K_SETTINGS, 'p', '1')
elseif paused == '0' then
  if redis.call('HDEL', K_SETTINGS, 'p') == 1 then wake = true end
end
if wake then wakeWorkers() end
return redis.call('HGETALL', K_SETTINGS)
