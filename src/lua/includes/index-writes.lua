--- @include "queue-keys"
--- @include "batch-calls"
-- Index writes of one script call, batched: one ZADD per index, one RPUSH and one INCRBY for the
-- jobs that join pending. Pending order: higher priority first, FIFO within a priority. Priority 0
-- goes to the list K_PENDING_FIFO (its order is the FIFO); other priorities to the zset K_PENDING
-- with score (1000 - priority) * 2^41 + seq, an exact integer in a double for priorities
-- -1000..1000. A claim takes priority > 0 (scores below PRIORITY_ZERO_SCORE), then the list, then
-- priority < 0 (includes/pending-pop.lua).
local PRIORITY_SPAN = 2199023255552
local PRIORITY_ZERO_SCORE = 1000 * PRIORITY_SPAN
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
  local fifo = {}
  local ranked = {}
  for _, p in ipairs(pendingAdds) do
    if p[2] == 0 then fifo[#fifo + 1] = p[1] else ranked[#ranked + 1] = p end
  end
  if #fifo > 0 then callBatched('RPUSH', K_PENDING_FIFO, fifo) end
  if #ranked > 0 then
    local first = redis.call('INCRBY', K_SEQ, #ranked) - #ranked + 1
    local args = {}
    for i, p in ipairs(ranked) do
      args[#args + 1] = string.format('%.0f', (1000 - p[2]) * PRIORITY_SPAN + first + i - 1)
      args[#args + 1] = p[1]
    end
    callBatched('ZADD', K_PENDING, args)
  end
  pendingAdds = {}
  wakeWorkers()
end

-- Takes a pending job of `priority` out of pending (a cancel). Other priorities leave their zset
-- (O(log n)). A priority-0 job's entry stays in the list, dead: LREM would walk the list, O(n) per
-- cancel (seconds of blocked Redis for an execution's cancel with a million jobs pending).
-- K_PENDING_DEAD (hash: job id -> its dead entries) and K_PENDING_GONE (their total) record it:
-- the claim drops a dead entry when it pops it (takeDeadEntry), and counts() subtracts the total.
-- A job's dead entries always come before its live one (every push goes to the tail, and only a
-- cancel kills an entry), so while a job has dead entries the ones popped first are those, whatever
-- its status by then; and they are dropped even after the job itself was deleted.
local function leavePending(id, priority)
  if priority ~= 0 then
    redis.call('ZREM', K_PENDING, id)
    return
  end
  redis.call('HINCRBY', K_PENDING_DEAD, id, 1)
  redis.call('INCR', K_PENDING_GONE)
end

-- Whether the list holds any dead entry: one GET per claim, so a queue nobody cancels in pays
-- nothing more per job.
local function anyDeadEntries()
  return (tonumber(redis.call('GET', K_PENDING_GONE)) or 0) > 0
end

-- Whether a popped pending entry of job `id` is a dead one; if so it is consumed.
local function takeDeadEntry(id)
  local n = tonumber(redis.call('HGET', K_PENDING_DEAD, id))
  if not n then return false end
  if n <= 1 then redis.call('HDEL', K_PENDING_DEAD, id) else redis.call('HINCRBY', K_PENDING_DEAD, id, -1) end
  redis.call('DECR', K_PENDING_GONE)
  return true
end

-- Up to `n` pending ids in claim order, removed from their index: priority > 0, then priority 0
-- (the list), then priority < 0.
local function popPending(n)
  local ids = {}
  -- one command when both are empty (an idle worker's claim)
  if redis.call('EXISTS', K_PENDING, K_PENDING_FIFO) == 0 then return ids end
  local high = redis.call('ZCOUNT', K_PENDING, '-inf', '(' .. string.format('%.0f', PRIORITY_ZERO_SCORE))
  if high > 0 then
    local popped = redis.call('ZPOPMIN', K_PENDING, math.min(n, high))
    for i = 1, #popped, 2 do ids[#ids + 1] = popped[i] end
  end
  if #ids < n then
    local popped = redis.call('LPOP', K_PENDING_FIFO, n - #ids)
    if popped then
      for _, id in ipairs(popped) do ids[#ids + 1] = id end
    end
  end
  if #ids < n then
    local popped = redis.call('ZPOPMIN', K_PENDING, n - #ids)
    for i = 1, #popped, 2 do ids[#ids + 1] = popped[i] end
  end
  return ids
end

-- How many live jobs wait in pending: the list's dead entries (a cancel's) do not count.
local function livePending()
  return redis.call('ZCARD', K_PENDING) + redis.call('LLEN', K_PENDING_FIFO) - (tonumber(redis.call('GET', K_PENDING_GONE)) or 0)
end

-- Whether any job waits in pending.
local function hasPending()
  return redis.call('LLEN', K_PENDING_FIFO) > 0 or redis.call('ZCARD', K_PENDING) > 0
end

local function flushIndexWrites()
  flushPending()
  for key, args in pairs(indexAdds) do
    callBatched('ZADD', key, args)
  end
  indexAdds = {}
end
