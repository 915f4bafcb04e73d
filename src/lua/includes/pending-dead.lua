--- @include "queue-keys"
-- Dead entries of the priority-0 lists (includes/index-writes.lua, leavePending): a cancelled
-- job's entry stays in its list, recorded in K_PENDING_DEAD (job id -> its dead entries) and
-- K_PENDING_GONE (their total), and is dropped when it reaches the head.

-- Whether any list holds a dead entry: one GET per script call (a `true` read stays true: at worst
-- one HGET more), so a queue nobody cancels in pays nothing more.
local deadEntriesKnown = nil
local function anyDeadEntries()
  if deadEntriesKnown == nil then deadEntriesKnown = (tonumber(redis.call('GET', K_PENDING_GONE)) or 0) > 0 end
  return deadEntriesKnown
end

-- Dead entries one script call may drop at list heads when it places groups (liveListHead): what
-- is left past it a claim drops as it pops (within its own skip budget), so no call walks a list.
local deadDropBudget = 1000

-- A cancel left a dead entry (leavePending).
local function noteDeadEntry(id)
  redis.call('HINCRBY', K_PENDING_DEAD, id, 1)
  redis.call('INCR', K_PENDING_GONE)
  deadEntriesKnown = true
end

-- Whether a list entry of job `id` at a list's head is a dead one; if so it is consumed (a job's
-- dead entries always come before its live one).
local function takeDeadEntry(id)
  local n = tonumber(redis.call('HGET', K_PENDING_DEAD, id))
  if not n then return false end
  if n <= 1 then redis.call('HDEL', K_PENDING_DEAD, id) else redis.call('HINCRBY', K_PENDING_DEAD, id, -1) end
  redis.call('DECR', K_PENDING_GONE)
  return true
end
