#!lua
--[[
  claim: promotes due scheduled jobs (bounded), then pops up to `max` pending jobs for a worker.
  Each claimed job gets a new fencing token, spends an attempt and gets a lease until
  min(now + leaseMs, now + timeoutMs + grace), its hard time limit (includes/hard-limit.lua), as
  claimDecision (src/domain/job-lifecycle.ts) decides
  (one ZADD on the lease set, one SADD on the worker's lease set). Malformed records (missing or
  corrupt fields, or an unknown status) are moved to failed ("malformed job record: <what>"); ids
  whose hash is gone are dropped; a stray entry (a sound record whose status is not pending, e.g. a
  running job whose id reached pending twice) is dropped and its hash left alone, since the job
  lives in its own index. None of these counts against `max`.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  worker id
  ARGV[4]  max jobs to claim
  ARGV[5]  lease duration ms
  ARGV[6]  max scheduled jobs to promote first
  ARGV[7]  hard timeout grace ms (HARD_TIMEOUT_GRACE_MS)
  ARGV[8]  host groups' cap (HTTP_HOST_CONCURRENCY; 0 = none)
  ARGV[9]  '1': `max` was budgeted by the caller from the queue's rate (rate-take.lua), which this
           claim then leaves alone (a partitioned queue's claim on one of its partitions)
  ARGV[10] '1': return each job's stored trace context too (tp ts; tracing is on), else not read
  ARGV[11] '1': also return the queue's claimable work after the claim (includes/work-state.lua;
           a partitioned queue's claimer keeps it for its plan of the next claims)

  Returns: { jobs, nextDueAt, strays, more, promoted[, work] } where jobs is a list of {id, token, attempts, values}
  (values: the job's type pl st pr att max run ct bo tmo ik cb ex err tok sn sf grp gk dep opf [tp ts], in that order, as they
  were BEFORE the claim, nil when absent; a graph job with parents has a fifth element, its parents'
  results as key, result JSON pairs; the caller applies st=running, tok, att, w=worker and
  stt=now, which is all the claim writes; ut, w, stt, ft, res and cx are not read: a claim
  overwrites the first three and a pending job holds none of the rest), nextDueAt is the earliest
  scheduled runAt when fewer than `max` were claimed (none is pending now), else -1, and strays is how many stray pending entries
  were dropped (for a caller that wants to count them), more is 1 when jobs are still pending
  after the claim (only looked at when it claimed `max`; else 0), and promoted is how many
  scheduled jobs it promoted (a partitioned queue's claimer passes a wake-up on with these two).
  Fairness (includes/groups.lua, src/domain/fairness.ts): a paused queue claims nothing; the
  queue's rate limit bounds the claim by its bucket's tokens (nextDueAt: the next token, when jobs
  wait). Once the queue uses groups, the claim serves the round: the groups of the best tier in
  turn order, about as many jobs from each, each bounded by its cap and its tokens; a served group
  goes to the back of the round, or out of it (empty, held at its cap, throttled until its next
  token, which also counts in nextDueAt).
  Invariant: a claimed job is in the lease set and its worker's lease set, and in no other index.
]]
--- @include "includes/signals"
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/job-record"
--- @include "includes/finish-job"
--- @include "includes/promote-due"
--- @include "includes/hard-limit"
--- @include "includes/arguments"
--- @include "includes/work-state"

local worker = ARGV[3]
local max = countArg(4, 'max jobs')
local leaseUntil = NOW + numArg(5, 'lease ms')
-- the lease's end as text, formatted once per call (a number is formatted at every redis.call)
local leaseUntilText = string.format('%.0f', leaseUntil)
local grace = tonumber(ARGV[7]) or 60000
local hostCap = tonumber(ARGV[8]) or 0
local withTrace = ARGV[10] == '1'

local promoted = promoteDue(countArg(6, 'promote limit'))
local deadEntries = anyDeadEntries()
-- the queue's settings: g (groups on), p (paused), rm/rp/tat (its rate), gc (groups' default cap)
-- rq: the reapers went quiet here while nothing was leased (reap-quiet.lua)
-- iw: a worker went idle here since the last `work` signal (set below, includes/groups.lua)
local S = redis.call('HMGET', K_SETTINGS, 'g', 'p', 'rm', 'rp', 'tat', 'gc', 'rq', 'iw')
groupedCache = S[1] == '1'
idleWaitCache = S[8] == '1'

-- Entries popped that were not claimable (dead entries of cancelled jobs, strays, malformed or
-- gone records): at most this many per call, so a claim's work stays bounded; when it is used up
-- with work left, the wake-up goes on to the next claim at once (below), so a mass cancel in front
-- of live jobs costs a few claims, not a wait per few entries.
local SKIP_BUDGET = 1000

local claimed = {}
local leaseArgs = {}
local leaseIds = {}
local skipped = 0
local strays = 0

-- Pops and claims up to `want` jobs of group `g` (of the round's `tier` only, when given); returns
-- how many it claimed and how many of the entries it popped were live ones (not dead: a group's
-- `n` counts those).
local function claimFrom(g, want, tier)
  local got, live = 0, 0
  while got < want and skipped < SKIP_BUDGET do
    local ask = math.min(want - got, SKIP_BUDGET - skipped)
    local popped = popPending(ask, g, tier)
    if #popped == 0 then break end
    local before = #claimed
    for _, id in ipairs(popped) do
      local key = K_JOB .. id
      local v, found = nil, false
      if deadEntries and takeDeadEntry(id) then
        -- a dead entry (its job was cancelled while it waited here): only this entry goes (popped)
      else
        -- every field a pending job can hold that its Job shows (CLAIM_FIELDS, redis-job-codec.ts);
        -- the trace context only while tracing is on: two fields fewer to look up per job otherwise
        if withTrace then
          v = redis.pcall('HMGET', key, 'type', 'pl', 'st', 'pr', 'att', 'max', 'run', 'ct', 'bo', 'tmo', 'ik', 'cb', 'ex', 'err', 'tok', 'sn', 'sf', 'grp', 'gk', 'dep', 'opf', 'tp', 'ts')
        else
          v = redis.pcall('HMGET', key, 'type', 'pl', 'st', 'pr', 'att', 'max', 'run', 'ct', 'bo', 'tmo', 'ik', 'cb', 'ex', 'err', 'tok', 'sn', 'sf', 'grp', 'gk', 'dep', 'opf')
        end
        found = true
        live = live + 1
      end
      if not found then
        -- nothing more of this entry
      elseif v.err then
        -- not a hash: dropped like a gone record, the key left for an operator
        redis.log(redis.LOG_WARNING, 'claimq claim: ' .. key .. ' is not a job hash; dropped from pending')
        found = false
      elseif not (v[1] or v[3]) then
        found = redis.call('EXISTS', key) == 1
      end
      if found then
        local st, ex = v[3], v[13] or nil
        local bad = malformedFields(v[1], st, v[5], v[6], v[4], v[15])
        if bad == nil and not KNOWN_STATUS[st] then bad = 'unknown status ' .. st end
        if bad == nil and st ~= 'pending' then
          -- a stray entry: the job is in the index its status names; only this entry goes (popped)
          strays = strays + 1
        elseif bad ~= nil then
          failMalformed(id, KNOWN_STATUS[st or ''] and st or 'pending', ex, numField(v[5], 0), bad)
        else
          local tok = numField(v[15], 0) + 1
          local att = numField(v[5], 0) + 1
          -- no ut: updatedAt reads as max(ut, stt) (redis-job-codec.ts), and stt is the claim time
          redis.call('HSET', key, 'st', 'running', 'tok', asText(tok), 'att', asText(att), 'w', worker, 'stt', NOW_TEXT)
          local deadline = hardDeadline(NOW, v[10] or nil, grace)
          leaseArgs[#leaseArgs + 1] = deadline < leaseUntil and deadline or leaseUntilText
          leaseArgs[#leaseArgs + 1] = id
          leaseIds[#leaseIds + 1] = id
          -- a graph job with parents (dep) gets their results: { key, result JSON, ... }
          if v[20] then
            claimed[#claimed + 1] = { id, tok, att, v, parentResults(id) }
          else
            claimed[#claimed + 1] = { id, tok, att, v }
          end
          addEvent('claimed', id, 'running', att, worker, tok)
          if ex then bumpExecution(ex, 'pending', 'running') end
        end
      end
    end
    got = got + #claimed - before
    skipped = skipped + #popped - (#claimed - before)
  end
  return got, live
end

-- Groups whose next token is due rejoin the round, earliest due first: at every claim of a queue
-- that is not paused, whether or not its own bucket lets it take a job (GroupRound.serve).
local function releaseThrottled()
  local due = redis.call('ZRANGEBYSCORE', K_GROUPS_THROTTLED, '-inf', NOW_TEXT, 'LIMIT', 0, 1000)
  if #due > 0 then
    callBatched('ZREM', K_GROUPS_THROTTLED, due)
    for _, g in ipairs(due) do
      redis.call('HDEL', K_GROUP .. g, 'lim')
      placeGroup(g)
    end
  end
end

-- Serves the round (groups on) until `budget` jobs are claimed or no group is claimable.
local function claimFromGroups(budget)
  while #claimed < budget and skipped < SKIP_BUDGET do
    local need = budget - #claimed
    local popped = redis.call('ZPOPMIN', K_GROUPS_READY, need)
    if #popped == 0 then break end
    -- this round serves the best tier (one priority); groups of a lower one go back where they were
    local tier = math.floor(tonumber(popped[2]) / PRIORITY_SPAN)
    local tierScore = tier * PRIORITY_SPAN
    local groups, putBack = {}, {}
    for i = 1, #popped, 2 do
      if math.floor(tonumber(popped[i + 1]) / PRIORITY_SPAN) == tier then
        groups[#groups + 1] = popped[i]
      else
        putBack[#putBack + 1] = popped[i + 1]
        putBack[#putBack + 1] = popped[i]
      end
    end
    if #putBack > 0 then callBatched('ZADD', K_GROUPS_READY, putBack) end
    local share, extra = math.floor(need / #groups), need % #groups
    local backOfRound = {}
    for i, g in ipairs(groups) do
      local key = K_GROUP .. g
      local h = redis.call('HMGET', key, 'c', 'rm', 'rp', 'tat', 'r', 'n')
      local running, pending = tonumber(h[5]) or 0, tonumber(h[6]) or 0
      local cap = capOf(g, h[1], S[6], hostCap)
      local rateMax, ratePer, tat = tonumber(h[2]), tonumber(h[3]), tonumber(h[4])
      local room = share + (i <= extra and 1 or 0)
      if cap then room = math.min(room, cap - running) end
      if rateMax then room = math.min(room, tokensAvailable(tat, rateMax, ratePer)) end
      local got, live = 0, 0
      if room > 0 then got, live = claimFrom(g, room, tierScore) end
      -- the tier part of its best entry now (nil: no entry left)
      local nextTier = headTier(g)
      -- `n` counts the live entries; with no entry left the group holds none (whatever `n` said)
      pending = nextTier == nil and 0 or math.max(0, pending - live)
      if got > 0 then
        running = running + got
        if rateMax then
          tat = takeTokens(tat, rateMax, ratePer, got)
          redis.call('HSET', key, 'r', running, 'n', pending, 'tat', formatTat(tat))
        else
          redis.call('HSET', key, 'r', running, 'n', pending)
        end
      elseif live > 0 or nextTier == nil then
        redis.call('HSET', key, 'n', pending)
      end
      -- where the group goes now: the back of the round, or out of it (a group whose entries are
      -- all dead ones stays in the round until a claim drains them)
      if nextTier == nil then
        if running <= 0 then forgetIfIdle(g) end
      elseif cap and running >= cap then
        redis.call('SADD', K_GROUPS_FULL, g)
      elseif rateMax and tokensAvailable(tat, rateMax, ratePer) == 0 then
        local at = nextTokenAt(tat, rateMax, ratePer)
        redis.call('HSET', key, 'lim', at)
        redis.call('ZADD', K_GROUPS_THROTTLED, at, g)
      else
        backOfRound[#backOfRound + 1] = { g, nextTier }
      end
    end
    if #backOfRound > 0 then
      -- their new turns, in the order served: one INCRBY for all
      local turn = redis.call('INCRBY', K_SEQ, #backOfRound) - #backOfRound
      local args = {}
      for k, served in ipairs(backOfRound) do
        args[#args + 1] = string.format('%.0f', served[2] + turn + k)
        args[#args + 1] = served[1]
      end
      callBatched('ZADD', K_GROUPS_READY, args)
    end
  end
end

local budget = max
local queueRateMax, queueRatePer, queueTat = tonumber(S[3]), tonumber(S[4]), tonumber(S[5])
if ARGV[9] == '1' then queueRateMax = nil end
if S[2] == '1' then
  budget = 0
elseif queueRateMax then
  budget = math.min(budget, tokensAvailable(queueTat, queueRateMax, queueRatePer))
end
if groupedCache and S[2] ~= '1' then releaseThrottled() end
if budget > 0 then
  if groupedCache then
    claimFromGroups(budget)
  else
    claimFrom('', budget)
  end
end

if #leaseArgs > 0 then
  callBatched('ZADD', K_LEASES, leaseArgs)
  callBatched('SADD', K_WLEASE .. worker, leaseIds)
  -- the first lease since the reapers went quiet calls them back (a read the claim makes anyway)
  if S[7] then
    redis.call('HDEL', K_SETTINGS, 'rq')
    signalSlot(K_LEASES, 'reap')
  end
  if queueRateMax then
    queueTat = takeTokens(queueTat, queueRateMax, queueRatePer, #claimed)
    redis.call('HSET', K_SETTINGS, 'tat', formatTat(queueTat))
  end
end
flushIndexWrites()
flushEvents()

-- work a claim could take now (a paused queue has none; the queue's bucket may be empty)
local left = S[2] ~= '1' and hasPending()
local queueHeld = left and queueRateMax ~= nil and tokensAvailable(queueTat, queueRateMax, queueRatePer) == 0
local nextDueAt = -1
if #claimed < max then
  local first = redis.call('ZRANGE', K_SCHEDULED, 0, 0, 'WITHSCORES')
  if #first > 0 then nextDueAt = tonumber(first[2]) end
  if groupedCache and S[2] ~= '1' then
    local throttled = redis.call('ZRANGE', K_GROUPS_THROTTLED, 0, 0, 'WITHSCORES')
    if #throttled > 0 and (nextDueAt < 0 or tonumber(throttled[2]) < nextDueAt) then nextDueAt = tonumber(throttled[2]) end
  end
  if queueHeld then
    local at = nextTokenAt(queueTat, queueRateMax, queueRatePer)
    if nextDueAt < 0 or at < nextDueAt then nextDueAt = at end
  end
end
local more = 0
if ((#claimed > 0 and #claimed == budget) or skipped >= SKIP_BUDGET) and left and not queueHeld then
  -- work is left: pass the wake-up on to the next idle worker (or this one, when the skip budget ran out)
  wakeWorkers()
  more = 1
end
-- a claim that took fewer than it asked for leaves its worker idle: the next change that makes work
-- claimable signals `work` (wakeWorkers). Not while the queue's rate holds its jobs back: its worker
-- waits for the next token (nextDueAt), which no enqueue brings sooner. A partitioned queue's
-- claimer waits on its board instead.
if #claimed < max and more == 0 and not queueHeld and not idleWaitCache and ARGV[11] ~= '1' then redis.call('HSET', K_SETTINGS, 'iw', '1') end
if ARGV[11] == '1' then return { claimed, nextDueAt, strays, more, promoted, workState() } end
return { claimed, nextDueAt, strays, more, promoted }
