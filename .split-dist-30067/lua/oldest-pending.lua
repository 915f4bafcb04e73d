#!lua flags=no-writes
--[[
  oldest-pending: the pending job that has waited longest, found through the pending indexes'
  heads only, never a walk over the jobs. The structures (includes/index-writes.lua, groups.lua):
  per group ('' = the default group: K_PENDING_FIFO and K_PENDING; a named group: K_GROUP_LIST .. g
  and K_GROUP_ZSET .. g, the groups listed in K_GROUPS) a list of priority-0 jobs in entry order
  and a zset of the other priorities, score (1000 - priority) * 2^41 + seq, so each priority tier
  is in entry order. The head of each list and of each tier is its earliest entrant; the answer is
  the head whose job is runnable since the earliest time, max(run, ct) of its hash. Read-only.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (unused: the caller computes the age), ARGV[2] EVENTS_MAXLEN (unused)
  ARGV[3]  most named groups to look at (K_GROUPS in name order)
  ARGV[4]  most priority tiers to look at per zset
  ARGV[5]  most list entries to pass per list (dead entries: a cancel's; includes/index-writes.lua)

  Returns: { id or false, since or false, approximate (1: a bound was hit, the answer may not be the oldest) }.
  Invariant: nothing changes.
]]

--- @include "includes/arguments"

-- as in includes/groups.lua (not included: it would need every fairness key)
local PRIORITY_SPAN = 2199023255552
local ENTRIES_PER_TIER = 4

local maxGroups = countArg(3, 'group bound')
local maxTiers = countArg(4, 'tier bound')
local maxListEntries = countArg(5, 'list entry bound')

local bestId, bestSince = nil, nil
local approximate = 0

-- The job's runnable-since time when it is pending, else nil.
local function sinceOf(id)
  local v = redis.call('HMGET', K_JOB .. id, 'st', 'run', 'ct')
  if v[1] ~= 'pending' then return nil end
  local ct = tonumber(v[3]) or 0
  local run = tonumber(v[2]) or ct
  return math.max(run, ct)
end

local function consider(id, since)
  if bestSince == nil or since < bestSince then
    bestId, bestSince = id, since
  end
end

-- The list's first live entry: a job's dead entries (K_PENDING_DEAD counts them) come before its live one.
local function listHead(key)
  if maxListEntries == 0 then
    -- LRANGE 0 -1 would be the whole list
    if redis.call('LLEN', key) > 0 then approximate = 1 end
    return
  end
  local entries = redis.call('LRANGE', key, 0, maxListEntries - 1)
  local seen = {}
  for _, id in ipairs(entries) do
    seen[id] = (seen[id] or 0) + 1
    local dead = tonumber(redis.call('HGET', K_PENDING_DEAD, id)) or 0
    if seen[id] > dead then
      local since = sinceOf(id)
      if since then
        consider(id, since)
        return
      end
    end
  end
  if #entries == maxListEntries then approximate = 1 end
end

-- The first pending entry of each tier, jumping tier to tier.
local function tierHeads(key)
  local from = '-inf'
  for _ = 1, maxTiers do
    local first = redis.call('ZRANGEBYSCORE', key, from, '+inf', 'WITHSCORES', 'LIMIT', 0, ENTRIES_PER_TIER)
    if #first == 0 then return end
    local tier = math.floor(tonumber(first[2]) / PRIORITY_SPAN) * PRIORITY_SPAN
    local found = false
    for i = 1, #first, 2 do
      if math.floor(tonumber(first[i + 1]) / PRIORITY_SPAN) * PRIORITY_SPAN ~= tier then break end
      local since = sinceOf(first[i])
      if since then
        consider(first[i], since)
        found = true
        break
      end
    end
    if not found then approximate = 1 end
    from = string.format('%.0f', tier + PRIORITY_SPAN)
  end
  if redis.call('ZCOUNT', key, from, '+inf') > 0 then approximate = 1 end
end

listHead(K_PENDING_FIFO)
tierHeads(K_PENDING)
local groups = redis.call('ZRANGE', K_GROUPS, 0, maxGroups)
if #groups > maxGroups then
  approximate = 1
  groups[#groups] = nil
end
for _, g in ipairs(groups) do
  listHead(K_GROUP_LIST .. g)
  tierHeads(K_GROUP_ZSET .. g)
end

return { bestId or false, bestSince and string.format('%.0f', bestSince) or false, approximate }
