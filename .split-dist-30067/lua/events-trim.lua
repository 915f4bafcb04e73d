#!lua flags=allow-oom
--[[
  events-trim: bounds one queue partition's event stream without losing what the history writer
  has not stored. Run by upkeep (the reaper, on every instance); the transition scripts only XADD.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms, unused)
  ARGV[2]  EVENTS_MAXLEN: about how many events to keep (see 1.)
  ARGV[3]  the history writer's consumer group
  ARGV[4]  HISTORY_BACKLOG_MAX_MB in bytes: what the stream may hold (see 2.)
  ARGV[5]  most events step 2 may look at in this call (its work bound)

  1. About EVENTS_MAXLEN events are kept (entries = EVENTS_MAXLEN / the mean events per entry of
     the newest entries). Without the group (history off) the oldest entries go, as XADD MAXLEN ~
     did. With it, only entries the group has acknowledged go: those before the safe point
     min(its oldest pending id, the id after its last-delivered-id), oldest first, whole stream
     nodes only (XTRIM MINID ~ LIMIT): EVENTS_MAXLEN bounds the acknowledged history kept, and
     the stream grows past it while the writer lags. At most TRIM_LIMIT entries go per call.
  2. With the group, when MEMORY USAGE (exact: SAMPLES 0, one walk over the stream's nodes) says
     the stream holds more than the budget: acknowledged entries before the safe point go first,
     whole nodes, unread (and the stream is measured again); then entries from the safe point on
     are deleted oldest first, read in chunks, until
     the estimated bytes freed cover the excess or ARGV[5] events were looked at (when all of
     those were held, once more as many, from the first entry never delivered). A pending entry
     (delivered, not acknowledged: a writer holds it, and will store it) is never deleted. An
     acknowledged one is deleted and not counted (it is in history). One never delivered is
     deleted and its events counted; an earlier gap entry among them (never delivered either) is
     merged, its range and count, when events are dropped too (alone it stays). One gap entry
     (field `gap`, value `fromMs,toMs,events`, the events' times from their field `t`) is
     appended: it counts every event this call dropped plus those of the gaps it merged. Deleted
     entries before the first kept one go by an exact XTRIM MINID; any after it by XDEL (a
     pending entry is never acknowledged here: the writer that holds it stores it). The group's
     last-delivered-id moves past the never delivered entries deleted, counted as read
     (XGROUP SETID ... ENTRIESREAD), so its lag stays exact.

  Returns: { events looked at in step 2 (an entry without events counts 1), events dropped by
  this call, its gap entry's fromMs, toMs and events (with merged gaps; 0s when none was
  appended), 1 when step 1 stopped at TRIM_LIMIT or step 2 at ARGV[5] with work left (and
  deleted something: a call that could not would do the same again) }.
  Invariant: every event not acknowledged by the group is in the stream, or counted in exactly one
  gap entry that is itself in the stream or acknowledged.
]]
--- @include "includes/queue-keys"
--- @include "includes/arguments"

local GROUP = ARGV[3]
local maxBytes = countArg(4, 'events-trim: budget bytes')
local workLimit = countArg(5, 'events-trim: events to look at')
local maxEvents = tonumber(EVENTS_MAXLEN)
if maxEvents == nil or maxEvents < 1 then error('claimq: events-trim: EVENTS_MAXLEN (ARGV[2]) is not a positive number') end

-- Newest entries read to estimate events per entry (an entry holds up to 2,000).
local SAMPLE_ENTRIES = 8
-- Most entries step 1 trims in one call: whole nodes go, about 4 ms for 100,000 entries.
local TRIM_LIMIT = 100000
-- Most entries one XRANGE of step 2 reads (fewer when they hold many events: see the loop). XRANGE
-- from a script costs about 2 us an entry in chunks of 1,000 and twice that in chunks of 32.
local MAX_CHUNK = 1000

local len = redis.call('XLEN', K_EVENTS)
if len == 0 then return { 0, 0, 0, 0, 0, 0 } end

local function parseId(id)
  local dash = string.find(id, '-', 1, true)
  return tonumber(string.sub(id, 1, dash - 1)), tonumber(string.sub(id, dash + 1))
end

local function idLess(a, b)
  local am, as = parseId(a)
  local bm, bs = parseId(b)
  return am < bm or (am == bm and as < bs)
end

-- Events of an entry, and the time they happened: events.lua writes `t` (older versions `at`)
-- then a field per event; older still, `e` with a JSON array. A `gap` entry holds no event.
local function entryEvents(id, fields)
  local head = fields[1]
  if head == 't' or head == 'at' then return (#fields - 2) / 2, tonumber(fields[2]) or parseId(id) end
  local ms = parseId(id)
  if head == 'e' then
    local ok, decoded = pcall(cjson.decode, fields[2])
    if ok and type(decoded) == 'table' then return #decoded, ms end
  end
  return 0, ms
end

-- A listpack entry's size, about: each string with its length header and back-length, plus the
-- entry's id deltas, flags and counts. Measured against MEMORY USAGE on 7.0 it is 4% (entries of
-- one event) to 10% (entries of 100) low, for the allocator's size classes and node headers: a
-- drop frees a little more than the excess, leaving the stream that much under its budget.
local function entryBytes(fields)
  local bytes = 8
  for i = 1, #fields do bytes = bytes + #fields[i] + 2 end
  return bytes
end

local group
if redis.call('EXISTS', K_EVENTS) == 1 then
  for _, flat in ipairs(redis.call('XINFO', 'GROUPS', K_EVENTS)) do
    local info = {}
    for i = 1, #flat, 2 do info[flat[i]] = flat[i + 1] end
    if info['name'] == GROUP then group = info end
  end
end

-- 1. keep about EVENTS_MAXLEN events (acknowledged ones only, with the group)
local sampled, sampledEvents = 0, 0
for _, entry in ipairs(redis.call('XREVRANGE', K_EVENTS, '+', '-', 'COUNT', SAMPLE_ENTRIES)) do
  sampled = sampled + 1
  sampledEvents = sampledEvents + entryEvents(entry[1], entry[2])
end
local perEntry = math.max(1, sampledEvents / sampled)
local keepEntries = math.ceil(maxEvents / perEntry)
local lastDelivered, safe
-- step 1 stopped at TRIM_LIMIT: the reaper calls again (while `more`)
local trimMore = 0
if group then
  lastDelivered = group['last-delivered-id']
  local ms, seq = parseId(lastDelivered)
  safe = string.format('%.0f-%.0f', ms, seq + 1)
  local summary = redis.call('XPENDING', K_EVENTS, GROUP)
  if tonumber(summary[1]) > 0 and idLess(summary[2], safe) then safe = summary[2] end
  if len > keepEntries then
    local cap = math.min(len - keepEntries, TRIM_LIMIT)
    local trimmed = redis.call('XTRIM', K_EVENTS, 'MINID', '~', safe, 'LIMIT', cap)
    -- (stopped by the cap rather than by the safe point, as far as whole nodes tell)
    if cap == TRIM_LIMIT and trimmed * 2 > TRIM_LIMIT then trimMore = 1 end
  end
else
  if len > keepEntries then
    redis.call('XTRIM', K_EVENTS, 'MAXLEN', '~', keepEntries, 'LIMIT', TRIM_LIMIT)
    if len - keepEntries > TRIM_LIMIT then trimMore = 1 end
  end
  return { 0, 0, 0, 0, 0, trimMore }
end

-- 2. over budget: drop the oldest entries nobody holds
local excess = redis.call('MEMORY', 'USAGE', K_EVENTS, 'SAMPLES', '0') - maxBytes
if excess <= 0 then return { 0, 0, 0, 0, 0, trimMore } end
-- Acknowledged entries go first, and cheaply: whole nodes before the safe point, never read. When
-- TRIM_LIMIT stopped that, the next call goes on; what is left before the safe point (part of a
-- node) goes with the leading run below.
local acked = redis.call('XTRIM', K_EVENTS, 'MINID', '~', safe, 'LIMIT', TRIM_LIMIT)
if acked * 2 > TRIM_LIMIT then return { 0, 0, 0, 0, 0, 1 } end
if acked > 0 then
  excess = redis.call('MEMORY', 'USAGE', K_EVENTS, 'SAMPLES', '0') - maxBytes
  if excess <= 0 then return { 0, 0, 0, 0, 0, trimMore } end
end

local looked, dropped, freed = 0, 0, 0
local fromMs, toMs -- of the events dropped
local merged = { events = 0 } -- the earlier gap entries met on the way
-- per entry looked at, in order: its id and 'keep' | 'delete' | 'gap'
local ids, actions = {}, {}
local cursor = safe
local more = 0
-- past the group's last-delivered-id: this entry and every later one were never delivered
local undelivered = false
local firstUndelivered -- its index in ids

local function widen(range, from, to)
  if range.from == nil or from < range.from then range.from = from end
  if range.to == nil or to > range.to then range.to = to end
end

-- Entries of the next XRANGE: about as many as hold what is left of the work bound, by the mean of
-- the entries read so far, from 32 and at most doubling (old entries may be far larger than the
-- newest, whose mean sized step 1).
local count, entriesRead = 16, 0
local lookUntil = workLimit -- `looked` at which this call stops
local function scan()
while freed < excess do
  local mean = entriesRead > 0 and math.max(1, looked / entriesRead) or perEntry
  count = math.max(1, math.min(MAX_CHUNK, count * 2, math.ceil((lookUntil - looked) / mean)))
  local chunk = redis.call('XRANGE', K_EVENTS, cursor, '+', 'COUNT', count)
  if #chunk == 0 then break end
  local first, last = chunk[1][1], chunk[#chunk][1]
  -- ids are compared per entry only in the chunk that holds the group's position
  local allDelivered = not undelivered and not idLess(lastDelivered, last)
  local pending = {}
  if not undelivered and not idLess(lastDelivered, first) then
    local reply = redis.call('XPENDING', K_EVENTS, GROUP, first, last, #chunk)
    for _, p in ipairs(reply) do pending[p[1]] = true end
    if #reply == #chunk then
      -- a full reply may hold ids whose entries are gone (deleted by an older version): ask per entry
      for _, entry in ipairs(chunk) do
        if not pending[entry[1]] and #redis.call('XPENDING', K_EVENTS, GROUP, entry[1], entry[1], 1) > 0 then pending[entry[1]] = true end
      end
    end
  end
  local stop = false
  for _, entry in ipairs(chunk) do
    local id, fields = entry[1], entry[2]
    local n, at = entryEvents(id, fields)
    looked = looked + math.max(1, n)
    entriesRead = entriesRead + 1
    local action = 'delete'
    if not undelivered and not allDelivered then
      undelivered = idLess(lastDelivered, id)
      if undelivered then firstUndelivered = #ids + 1 end
    end
    if pending[id] then
      action = 'keep'
    elseif undelivered then
      -- never delivered: lost to history, so counted (an earlier gap entry: merged)
      local from, to, gapped
      if fields[1] == 'gap' then from, to, gapped = string.match(fields[2] or '', '^(%d+),(%d+),(%d+)$') end
      if from then
        action = 'gap'
        widen(merged, tonumber(from), tonumber(to))
        merged.events = merged.events + tonumber(gapped)
      elseif n > 0 then
        if fromMs == nil or at < fromMs then fromMs = at end
        if toMs == nil or at > toMs then toMs = at end
        dropped = dropped + n
      end
    end
    -- (an acknowledged entry is in history: deleted, not counted)
    if action ~= 'keep' then freed = freed + entryBytes(fields) end
    ids[#ids + 1] = id
    actions[#actions + 1] = action
    if freed >= excess then stop = true break end
    if looked >= lookUntil then
      more = 1
      stop = true
      break
    end
  end
  if stop then break end
  cursor = '(' .. last
end
end

scan()
-- Every entry looked at is held by a writer (its batches, through a PostgreSQL outage, say) and
-- the bound is used up: a call from the safe point would find the same again, and free nothing.
-- So this one looks once more, as far again, past the held entries: at the never delivered.
local allHeld = not undelivered
for i = 1, #actions do
  if actions[i] ~= 'keep' then allHeld = false break end
end
if more == 1 and allHeld then
  more = 0
  cursor = '(' .. lastDelivered
  undelivered = true
  firstUndelivered = #ids + 1
  lookUntil = looked + workLimit
  scan()
end

-- Earlier gap entries are merged only into a new one: with no event dropped they stay as they are.
local mergeGaps = dropped > 0
local leadingEnd -- the last of the deleted entries that precede every kept one
local kept = false
local scattered = {} -- deleted entries after a kept one
for i, id in ipairs(ids) do
  if actions[i] == 'keep' or (actions[i] == 'gap' and not mergeGaps) then
    kept = true
  elseif kept then
    scattered[#scattered + 1] = id
  else
    leadingEnd = id
  end
end
if leadingEnd then
  -- (with the acknowledged rest of a node before the safe point)
  local ms, seq = parseId(leadingEnd)
  redis.call('XTRIM', K_EVENTS, 'MINID', string.format('%.0f-%.0f', ms, seq + 1))
end
for i = 1, #scattered, 1000 do
  redis.call('XDEL', K_EVENTS, unpack(scattered, i, math.min(i + 999, #scattered)))
end
-- a call that deleted nothing would be repeated to the same end: no `more` for it
if leadingEnd == nil and #scattered == 0 then more = 0 end
-- The group counts what it read by adding one per entry delivered (entries-read, which its lag
-- and partition-drop.lua rely on): entries deleted before it read them would never be counted. So
-- it is moved past the deleted run that follows its last-delivered-id, counting them as read.
local skipTo, skipped = nil, 0
for i = firstUndelivered or #ids + 1, #ids do
  if actions[i] == 'keep' or (actions[i] == 'gap' and not mergeGaps) then break end
  skipTo, skipped = ids[i], skipped + 1
end
if skipTo then
  local read = tonumber(group['entries-read'])
  if read then
    redis.call('XGROUP', 'SETID', K_EVENTS, GROUP, skipTo, 'ENTRIESREAD', read + skipped)
  else
    redis.call('XGROUP', 'SETID', K_EVENTS, GROUP, skipTo)
  end
end
if not mergeGaps then return { looked, 0, 0, 0, 0, math.max(more, trimMore) } end
local gap = { from = fromMs, to = toMs, events = dropped }
if merged.events > 0 or merged.from then
  widen(gap, merged.from, merged.to)
  gap.events = gap.events + merged.events
end
redis.call('XADD', K_EVENTS, '*', 'gap', string.format('%.0f,%.0f,%.0f', gap.from, gap.to, gap.events))
return { looked, dropped, gap.from, gap.to, gap.events, math.max(more, trimMore) }
