--- @include "queue-keys"
--- @include "batch-calls"
--- @include "rate-limit"
--- @include "pending-dead"
--- @include "signals"
-- Fairness (src/domain/fairness.ts): a queue's groups, served round-robin within a priority, with
-- caps and token buckets. The keys, all in the queue's slot:
--   K_SETTINGS          hash: g ('1': the queue uses groups), p (paused), gc (groups' default cap),
--                       rm/rp (the queue's rate: max per ms), tat (its bucket), gn (entries in the
--                       named groups' pending structures, dead ones too: counts() adds it),
--                       iw ('1': a worker went idle here since the last `work` signal; claim.lua)
--   K_GROUP .. g        hash per group: c (own cap), rm/rp (own rate), p (paused), r (running),
--                       n (live pending), tat (bucket), lim (throttled until)
--   K_GROUP_ZSET .. g   pending jobs of priority != 0 of a named group (as K_PENDING)
--   K_GROUP_LIST .. g   pending jobs of priority 0 of a named group (as K_PENDING_FIFO)
--   K_GROUPS_READY      zset, the round: group -> (1000 - best priority) * 2^41 + turn
--   K_GROUPS_THROTTLED  zset: group -> when its next token is due (out of tokens, jobs pending)
--   K_GROUPS_FULL       set: groups held at their cap (they rejoin when a running job ends)
--   K_GROUPS            zset, every group with jobs or settings, all scores 0 (paging by name)
-- The default group is '' (its pending jobs are the queue's own K_PENDING / K_PENDING_FIFO, and its
-- hash is K_GROUP itself). A queue that never had a named group nor a cap is 'ungrouped': its
-- claims go straight to the default group's structures and nothing here costs a command; the first
-- named group or cap turns groups on for good (enableGroups).
-- Invariant (grouped): a group is in at most one of ready, throttled and full; it is in ready when
-- it has pending entries and is not paused, held at its cap or throttled.
local PRIORITY_SPAN = 2199023255552
local PRIORITY_ZERO_SCORE = 1000 * PRIORITY_SPAN
local WAKE_BOUND = 16
local HOST_GROUP_PREFIX = 'host:'

local groupedCache = nil
-- Whether a worker went idle here since the last `work` signal (iw), read with `g'
local idleWaitCache = nil
local function readModes()
  local m = redis.call('HMGET', K_SETTINGS, 'g', 'iw')
  groupedCache = m[1] == '1'
  idleWaitCache = m[2] == '1'
end

-- Tells idle workers that work may be there: those blocked on the wake list (a token; the list
-- stays short), and, when one went idle here since the last signal (an empty claim set iw), every
-- instance's claim loops of the queue, with a `work` signal (one PUBLISH, whatever the number of
-- idle workers; src/modules/claim/claim-loop.ts). Nobody idle: no signal, and the mark costs no
-- command on an enqueue (read with `g`). The wake count orders a partition's work for its queue's
-- board (includes/work-state.lua).
local function wakeWorkers()
  redis.call('INCR', K_WAKE_SEQ)
  redis.call('LPUSH', K_WAKE, '1')
  redis.call('LTRIM', K_WAKE, 0, WAKE_BOUND - 1)
  if idleWaitCache == nil then readModes() end
  if idleWaitCache then
    idleWaitCache = false
    redis.call('HDEL', K_SETTINGS, 'iw')
    signalSlot(K_SETTINGS, 'work')
  end
end

local function groupPendingKeys(g)
  if g == '' then return K_PENDING, K_PENDING_FIFO end
  return K_GROUP_ZSET .. g, K_GROUP_LIST .. g
end

local function groupedMode()
  if groupedCache == nil then readModes() end
  return groupedCache
end

-- The next turn in the round (one counter with the pending scores' sequence).
local function nextTurn()
  return redis.call('INCR', K_SEQ)
end

-- Whether group g's priority-0 list holds a live entry, the dead entries at its head dropped on
-- the way (each dead entry is dropped once, here or by the claim that pops it). Past the call's
-- deadDropBudget a list that still holds entries counts as holding a live one, as before any drop:
-- the claim it brings drops the rest.
local function liveListHead(g, lkey)
  if anyDeadEntries() then
    local dropped = 0
    while deadDropBudget > 0 do
      local id = redis.call('LINDEX', lkey, 0)
      if not id or not takeDeadEntry(id) then break end
      redis.call('LPOP', lkey)
      dropped = dropped + 1
      deadDropBudget = deadDropBudget - 1
    end
    if dropped > 0 and g ~= '' then redis.call('HINCRBY', K_SETTINGS, 'gn', -dropped) end
  end
  return redis.call('LLEN', lkey) > 0
end

-- The tier part of a group's place: (1000 - priority of its best pending job) * 2^41, or nil
-- when it holds none (the dead entries at its list's head are dropped: a group of cancelled
-- jobs holds nothing, as in memory).
local function headTier(g)
  local zkey, lkey = groupPendingKeys(g)
  local first = redis.call('ZRANGE', zkey, 0, 0, 'WITHSCORES')
  local z = first[2] and tonumber(first[2])
  if z and z < PRIORITY_ZERO_SCORE then return math.floor(z / PRIORITY_SPAN) * PRIORITY_SPAN end
  if liveListHead(g, lkey) then return PRIORITY_ZERO_SCORE end
  if z then return math.floor(z / PRIORITY_SPAN) * PRIORITY_SPAN end
  return nil
end

-- Puts group g in the round when it is claimable and not there yet (at the back: a new turn), or
-- where its token is due when it is throttled; a group in the round keeps its turn and moves to a
-- better tier when `bestPriority` (of jobs just added; nil = unknown) is better. Returns true when
-- it joined the round.
local function placeGroup(g, bestPriority)
  local score = redis.call('ZSCORE', K_GROUPS_READY, g)
  if score then
    if bestPriority ~= nil then
      local s = tonumber(score)
      local better = (1000 - bestPriority) * PRIORITY_SPAN + s % PRIORITY_SPAN
      if better < s then redis.call('ZADD', K_GROUPS_READY, better, g) end
    end
    return false
  end
  local h = redis.call('HMGET', K_GROUP .. g, 'p', 'lim')
  if h[1] == '1' or redis.call('SISMEMBER', K_GROUPS_FULL, g) == 1 then return false end
  local tier = headTier(g)
  if tier == nil then return false end
  local lim = tonumber(h[2])
  if lim and lim > NOW then
    redis.call('ZADD', K_GROUPS_THROTTLED, lim, g)
    return false
  end
  redis.call('ZADD', K_GROUPS_READY, tier + nextTurn(), g)
  return true
end

-- Turns groups on for the queue: from now on every group, the default one too, is in the round.
-- Every job running so far is the default group's (a named group turns groups on first).
local function enableGroups()
  redis.call('HSET', K_SETTINGS, 'g', '1')
  local running = redis.call('ZCARD', K_LEASES)
  -- the default group's pending jobs: its structures hold no named group's dead entry yet
  local pending = redis.call('ZCARD', K_PENDING) + redis.call('LLEN', K_PENDING_FIFO) - (tonumber(redis.call('GET', K_PENDING_GONE)) or 0)
  redis.call('HSET', K_GROUP, 'r', running, 'n', math.max(0, pending))
  groupedCache = true
  placeGroup('')
end

-- Forgets a named group that has nothing: no pending or running job and no settings. Its dead
-- entries (cancelled jobs) go with it (headTier drops them); one whose structures still hold a
-- live entry (`n` said none) goes back in the round instead.
local function forgetIfIdle(g)
  if g == '' then return end
  local key = K_GROUP .. g
  local h = redis.call('HMGET', key, 'n', 'r', 'c', 'rm', 'p')
  if (tonumber(h[1]) or 0) > 0 or (tonumber(h[2]) or 0) > 0 or h[3] or h[4] or h[5] then return end
  if headTier(g) ~= nil then
    placeGroup(g)
    return
  end
  redis.call('DEL', key)
  redis.call('ZREM', K_GROUPS, g)
  redis.call('ZREM', K_GROUPS_READY, g)
  redis.call('ZREM', K_GROUPS_THROTTLED, g)
  redis.call('SREM', K_GROUPS_FULL, g)
end

-- Running attempts ended by one script call, per group: flushGroupRuns lowers the groups' running
-- counts once per group, and a group held at its cap rejoins the round.
local groupRunEnds = {}
-- the groups of groupRunEnds in the order first met: they rejoin the round in that order
local groupRunOrder = {}
local anyGroupRunEnd = false
-- Groups put back in the round by the ends of this call (held at their cap until then): the
-- settle scripts report it, so a partitioned queue's store can tell its workers (partition 0's
-- wake list is not this script's to push).
local groupsRejoined = 0

local function endGroupRun(g)
  if not g then g = '' end
  local n = groupRunEnds[g]
  if n == nil then groupRunOrder[#groupRunOrder + 1] = g end
  groupRunEnds[g] = (n or 0) + 1
  anyGroupRunEnd = true
end

local function flushGroupRuns()
  if not anyGroupRunEnd then return end
  local ends, order = groupRunEnds, groupRunOrder
  groupRunEnds, groupRunOrder = {}, {}
  anyGroupRunEnd = false
  if not groupedMode() then return end
  local woke = false
  for _, g in ipairs(order) do
    local n = ends[g]
    local key = K_GROUP .. g
    local r = redis.call('HINCRBY', key, 'r', -n)
    if r < 0 then
      -- never below 0 (a job claimed before the queue turned groups on is the default group's)
      redis.call('HSET', key, 'r', 0)
      r = 0
    end
    if redis.call('SREM', K_GROUPS_FULL, g) == 1 and placeGroup(g) then
      woke = true
      groupsRejoined = groupsRejoined + 1
    end
    if r == 0 then forgetIfIdle(g) end
  end
  if woke then wakeWorkers() end
end

-- The cap of group g in force: its own `own`, else the queue's `queueCap`, and a host group never
-- above `hostCap` (0 = no host cap); nil: no cap (fairness.ts effectiveConcurrency).
local function capOf(g, own, queueCap, hostCap)
  local c = tonumber(own)
  if c then return c end
  c = tonumber(queueCap)
  if hostCap > 0 and string.sub(g, 1, #HOST_GROUP_PREFIX) == HOST_GROUP_PREFIX then
    if c == nil or hostCap < c then c = hostCap end
  end
  return c
end

-- Settings arguments of queue-settings.lua and group-update.lua, checked before either writes:
-- a cap is '' (unchanged), '-' (cleared) or a whole number >= 1; a rate '', '-' or '<max>:<perMs>'.
local function checkSettingArgs(script, cap, rate)
  if cap ~= '' and cap ~= '-' and not (tonumber(cap) and tonumber(cap) >= 1 and tonumber(cap) % 1 == 0) then
    error('claimq ' .. script .. ': cap ' .. cap .. ' is not a whole number >= 1')
  end
  if rate ~= '' and rate ~= '-' then
    local max, per = string.match(rate, '^(%d+):(%d+)$')
    if not max or tonumber(max) < 1 or tonumber(per) < 1 then error('claimq ' .. script .. ': rate ' .. rate .. ' is not <max>:<perMs>') end
  end
end

-- Writes a checked cap argument to `field` of hash `key`; true when it changed anything.
local function applyCap(key, field, cap)
  if cap == '' then return false end
  if cap == '-' then
    redis.call('HDEL', key, field)
  else
    redis.call('HSET', key, field, cap)
  end
  return true
end

-- Writes a checked rate argument to hash `key` (rm, rp); a new or cleared rate drops the bucket
-- and any throttle (`lim`): it starts full. True when it changed anything.
local function applyRate(key, rate)
  if rate == '' then return false end
  if rate == '-' then
    redis.call('HDEL', key, 'rm', 'rp', 'tat', 'lim')
  else
    local max, per = string.match(rate, '^(%d+):(%d+)$')
    redis.call('HSET', key, 'rm', max, 'rp', per)
    redis.call('HDEL', key, 'tat', 'lim')
  end
  return true
end
