#!lua
--[[
  partition-work: a partition's claimable work (includes/work-state.lua), for its queue's board;
  with ARGV[3] = '1' the wake count is bumped first (touchWork): the caller changed the partition
  (a release, a reap, a retry, a settings change, a staged bulk's commit) and the workers must
  look again.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms, unused)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  '1': bump the wake count first

  Returns: { wake count, best priority or '', next due or '' }.
]]
--- @include "includes/work-state"

if ARGV[3] == '1' then touchWork() end
return workState()
