#!lua
--[[
  promote: scheduled jobs whose runAt has come -> pending, in due order, at most `limit`.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  max jobs to promote

  Returns: how many jobs were promoted.
  Invariant: a promoted job leaves scheduled and joins pending behind the jobs already there.
]]
--- @include "includes/queue-keys"
--- @include "includes/promote-due"

local promoted = promoteDue(tonumber(ARGV[3]))
flushEvents()
return promoted
