--- @include "queue-keys"
--- @include "batch-calls"
-- Index writes of one script call, batched: one ZADD per index, one INCRBY for every job that
-- joins pending. Pending order: higher priority first, then FIFO by sequence number; the score
-- (1000 - priority) * 2^41 + seq is an exact integer in a double for priorities -1000..1000.
local PRIORITY_SPAN = 2199023255552
local WAKE_BOUND = 16

local pendingAdds = {}
local indexAdds = {}

local function queuePending(id, priority)
  pendingAdds[#pendingAdds + 1] = { id, priority }
end

local function addToIndex(key, score, id)
  local args = indexAdds[key]
  if args == nil then
    args = {}
    indexAdds[key] = args
  end
  args[#args + 1] = score
  args[#args + 1] = id
end

-- Tells idle workers blocked on the wake list that work may be there; the list stays short.
local function wakeWorkers()
  redis.call('LPUSH', K_WAKE, '1')
  redis.call('LTRIM', K_WAKE, 0, WAKE_BOUND - 1)
end

local function flushPending()
  local n = #pendingAdds
  if n == 0 then return end
  local first = redis.call('INCRBY', K_SEQ, n) - n + 1
  local args = {}
  for i, p in ipairs(pendingAdds) do
    args[#args + 1] = string.format('%.0f', (1000 - p[2]) * PRIORITY_SPAN + first + i - 1)
    args[#args + 1] = p[1]
  end
  callBatched('ZADD', K_PENDING, args)
  pendingAdds = {}
  wakeWorkers()
end

local function flushIndexWrites()
  flushPending()
  for key, args in pairs(indexAdds) do
    callBatched('ZADD', key, args)
  end
  indexAdds = {}
end
