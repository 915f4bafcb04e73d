--- @include "queue-keys"
--- @include "batch-calls"
--- @include "groups"
--- @include "signals"
-- Index writes of one script call, batched: one ZADD per index, one RPUSH and one INCRBY per
-- group for the jobs that join pending. Pending order within a group: higher priority first, FIFO
-- within a priority. Priority 0 goes to a list (the default group's: K_PENDING_FIFO; its order is
-- the FIFO); other priorities to a zset (the default group's: K_PENDING) with score
-- (1000 - priority) * 2^41 + seq, an exact integer in a double for priorities -1000..1000. A claim
-- takes priority > 0 (scores below PRIORITY_ZERO_SCORE), then the list, then priority < 0. Groups
-- and their round: includes/groups.lua.
local pendingAdds = {}
local indexAdds = {}
-- Run first by flushIndexWrites when set: includes/graph.lua's flushGraph (a job's end settles its
-- children, which adds index writes of its own).
local beforeIndexFlush = nil

-- `group`: the job's group (its `grp` field; nil, false or '' = the default group).
local function queuePending(id, priority, group)
  pendingAdds[#pendingAdds + 1] = { id, priority, group or '' }
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

local function flushPending()
  local n = #pendingAdds
  if n == 0 then return end
  local byGroup = {}
  local order = {}
  for _, p in ipairs(pendingAdds) do
    local g = p[3]
    local b = byGroup[g]
    if b == nil then
      b = { fifo = {}, ranked = {}, best = nil }
      byGroup[g] = b
      order[#order + 1] = g
    end
    if p[2] == 0 then b.fifo[#b.fifo + 1] = p[1] else b.ranked[#b.ranked + 1] = p end
    if b.best == nil or p[2] > b.best then b.best = p[2] end
  end
  local grouped = groupedMode()
  for _, g in ipairs(order) do
    local b = byGroup[g]
    local zkey, lkey = groupPendingKeys(g)
    if #b.fifo > 0 then callBatched('RPUSH', lkey, b.fifo) end
    if #b.ranked > 0 then
      local first = redis.call('INCRBY', K_SEQ, #b.ranked) - #b.ranked + 1
      local args = {}
      for i, p in ipairs(b.ranked) do
        args[#args + 1] = string.format('%.0f', (1000 - p[2]) * PRIORITY_SPAN + first + i - 1)
        args[#args + 1] = p[1]
      end
      callBatched('ZADD', zkey, args)
    end
    local added = #b.fifo + #b.ranked
    if g ~= '' then
      redis.call('HINCRBY', K_SETTINGS, 'gn', added)
      redis.call('ZADD', K_GROUPS, 0, g)
      redis.call('HINCRBY', K_GROUP .. g, 'n', added)
      if not grouped then
        enableGroups()
        grouped = true
      end
    elseif grouped then
      redis.call('HINCRBY', K_GROUP, 'n', added)
    end
  end
  if grouped then
    for _, g in ipairs(order) do placeGroup(g, byGroup[g].best) end
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
local function leavePending(id, priority, group)
  group = group or ''
  local zkey = groupPendingKeys(group)
  if group ~= '' or groupedMode() then
    if redis.call('HINCRBY', K_GROUP .. group, 'n', -1) < 0 then redis.call('HSET', K_GROUP .. group, 'n', 0) end
  end
  if priority ~= 0 then
    if redis.call('ZREM', zkey, id) == 1 and group ~= '' then redis.call('HINCRBY', K_SETTINGS, 'gn', -1) end
  else
    noteDeadEntry(id)
  end
  -- the group's best job may have gone: its place in the round moves to its best one left,
  -- keeping its turn; with none left it leaves the round (as GroupRound.pendingLeft in memory)
  if groupedMode() then
    local tier = headTier(group)
    if tier == nil then
      redis.call('ZREM', K_GROUPS_READY, group)
      redis.call('ZREM', K_GROUPS_THROTTLED, group)
      forgetIfIdle(group)
    else
      local score = redis.call('ZSCORE', K_GROUPS_READY, group)
      if score then redis.call('ZADD', K_GROUPS_READY, tier + tonumber(score) % PRIORITY_SPAN, group) end
    end
  end
end

-- Entries popped from the named groups' structures this call: flushIndexWrites takes them off
-- the settings' `gn` with one command.
local poppedFromGroups = 0

-- The default group's structures were found empty by popPending this call (nothing adds to them
-- after it in a claim): hasPending then needs no command of its own (an idle worker's claim).
local defaultPendingEmpty = false

-- Up to `n` pending ids of group `g` in claim order, removed from their index: priority > 0, then
-- priority 0 (the list), then priority < 0. With `tier` (a tier part of a round's score: (1000 -
-- priority) * 2^41), only entries of that priority: the round serves one priority at a time.
local function popPending(n, g, tier)
  g = g or ''
  local zkey, lkey = groupPendingKeys(g)
  local ids = {}
  if tier ~= nil then
    if tier == PRIORITY_ZERO_SCORE then
      local popped = redis.call('LPOP', lkey, n)
      if popped then
        for _, id in ipairs(popped) do ids[#ids + 1] = id end
      end
    else
      local inTier = redis.call('ZCOUNT', zkey, string.format('%.0f', tier), '(' .. string.format('%.0f', tier + PRIORITY_SPAN))
      if inTier > 0 then
        local popped = redis.call('ZPOPMIN', zkey, math.min(n, inTier))
        for i = 1, #popped, 2 do ids[#ids + 1] = popped[i] end
      end
    end
    if g ~= '' then poppedFromGroups = poppedFromGroups + #ids end
    return ids
  end
  -- one command when both are empty (an idle worker's claim)
  if redis.call('EXISTS', zkey, lkey) == 0 then
    if g == '' then defaultPendingEmpty = true end
    return ids
  end
  local high = redis.call('ZCOUNT', zkey, '-inf', '(' .. string.format('%.0f', PRIORITY_ZERO_SCORE))
  if high > 0 then
    local popped = redis.call('ZPOPMIN', zkey, math.min(n, high))
    for i = 1, #popped, 2 do ids[#ids + 1] = popped[i] end
  end
  if #ids < n then
    local popped = redis.call('LPOP', lkey, n - #ids)
    if popped then
      for _, id in ipairs(popped) do ids[#ids + 1] = id end
    end
  end
  if #ids < n then
    local popped = redis.call('ZPOPMIN', zkey, n - #ids)
    for i = 1, #popped, 2 do ids[#ids + 1] = popped[i] end
  end
  if g ~= '' then poppedFromGroups = poppedFromGroups + #ids end
  return ids
end

-- Whether a claim could take a job now: the round is not empty (groups on), or the default
-- group's structures hold an entry.
local function hasPending()
  if groupedMode() then return redis.call('ZCARD', K_GROUPS_READY) > 0 end
  if defaultPendingEmpty then return false end
  local listed = redis.call('LLEN', K_PENDING_FIFO)
  -- the list's dead entries (cancelled jobs, pending-dead.lua) are no pending job
  if listed > 0 and (not anyDeadEntries() or listed > (tonumber(redis.call('GET', K_PENDING_GONE)) or 0)) then return true end
  return redis.call('ZCARD', K_PENDING) > 0
end

-- Whether scheduled jobs about to join `key` (score/id pairs) come due before every job already
-- there. Idle workers sleep until the due time their last claim named (at most WORKER_IDLE_WAIT_MS),
-- so such jobs wake one: its claim learns the new due time (and one that is due already runs).
local function dueSooner(key, args)
  local head = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]
  if head == nil then return true end
  head = tonumber(head)
  for i = 1, #args, 2 do
    if tonumber(args[i]) < head then return true end
  end
  return false
end

local function flushIndexWrites()
  if beforeIndexFlush then beforeIndexFlush() end
  if poppedFromGroups > 0 then
    redis.call('HINCRBY', K_SETTINGS, 'gn', -poppedFromGroups)
    poppedFromGroups = 0
  end
  flushPending()
  for key, args in pairs(indexAdds) do
    local sooner = string.sub(key, -10) == ':scheduled' and dueSooner(key, args)
    callBatched('ZADD', key, args)
    if sooner then
      wakeWorkers()
      -- quiet reapers (reap-quiet.lua) promote it in time, also where no worker claims
      if redis.call('HDEL', K_SETTINGS, 'rq') == 1 then signalSlot(K_SETTINGS, 'reap') end
    end
  end
  indexAdds = {}
end
