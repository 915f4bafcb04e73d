#!lua
--[[
  promote: scheduled jobs whose runAt has come -> pending, in due order, at most `limit`.

  KEYS[1]  job hash prefix (job hash = KEYS[1] .. id)
  KEYS[2]  pending zset (priority <> 0); its list of priority 0 is KEYS[2] .. ':fifo'
  KEYS[3]  scheduled zset
  KEYS[4]  leases zset
  KEYS[5]  succeeded zset
  KEYS[6]  failed zset
  KEYS[7]  cancelled zset
  KEYS[8]  events stream
  KEYS[9]  wake list
  KEYS[10] seq counter
  KEYS[11] idem hash
  KEYS[12] worker lease set prefix (set = KEYS[12] .. workerId)
  KEYS[13] workers zset
  KEYS[14] execution hash prefix (counters = KEYS[14] .. executionId)
  KEYS[15] refresh set (dirty executions)
  KEYS[16] refreshing zset (refreshes in flight)

  ARGV[1]  now (epoch ms)
  ARGV[2]  events stream bound, in events (approximate; includes/events.lua)
  ARGV[3]  max jobs to promote

  Returns: how many jobs were promoted.
  Invariant: a promoted job leaves scheduled and joins pending behind the jobs already there.
]]
--- @include "includes/queue-keys"
--- @include "includes/promote-due"

local promoted = promoteDue(tonumber(ARGV[3]))
flushEvents()
return promoted
