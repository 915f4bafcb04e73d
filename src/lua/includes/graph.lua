-- Job dependencies in an execution (src/domain/job-graph.ts decides; this applies the same
-- decisions). Included by finish-job.lua after finishJob, which it calls: every execution job's
-- final end (finishJob with `ex`) is noted in graphEnds, and flushGraph, run by flushIndexWrites
-- before the index writes land, settles the children of each, in the same script call:
--   a blocked child's edge is satisfied by a success (the parent's key and result go to its
--   K_JOB .. child .. ':pr' hash), or by any end under policy `run`; its field np (parents not yet
--   settled) counts down and at 0 it leaves K_BLOCKED for pending (scheduled while its runAt is
--   ahead): event 'unblocked';
--   a failure, a cancel or a skip under policy `fail` or `skip` ends the child at once (failed or
--   skipped, field up = 1: its end came from a parent), and its own children are settled in turn.
-- The worklist is a loop, not a recursion, so a chain of 10,000 jobs does not overflow Lua's stack.
-- A graph job's edges are fields of its hash, written at creation: ch (its children's ids) and pa
-- (its parents' ids), space-separated; its parents' results are the hash K_JOB .. id .. ':pr'
-- (parent key -> result JSON; and ' ' .. key -> the traceparent of that parent's run, when
-- tracing is on), in the queue's slot.

local function idsOf(text)
  if not text then return {} end
  -- one id (a chain, a tree's child): no pattern to run
  if not string.find(text, ' ', 1, true) then return { text } end
  local ids = {}
  for id in string.gmatch(text, '%S+') do ids[#ids + 1] = id end
  return ids
end

-- parentEndStep: 'satisfied', 'fail' or 'skip'
local function parentEndStep(ended, policy)
  if ended == 'succeeded' or policy == 'run' then return 'satisfied' end
  if policy == 'skip' then return 'skip' end
  return 'fail'
end

local PARENT_ENDS = { succeeded = true, failed = true, cancelled = true, skipped = true }

-- Set by cancel-execution.lua: the blocked children of the jobs it ends are cancelled, whatever
-- their policy (cancelling an execution cancels what waits).
local graphCancels = false

-- A blocked child leaves K_BLOCKED for pending, or scheduled while its runAt is ahead (enqueueDecision).
-- The ids leaving K_BLOCKED this call, removed in one ZREM when flushGraph ends (nothing in
-- between reads the blocked index).
local unblockedIds = {}

local function unblock(cid, c)
  local key = K_JOB .. cid
  unblockedIds[#unblockedIds + 1] = cid
  local run = tonumber(c[7])
  local st
  if run and run > NOW then
    st = 'scheduled'
    redis.call('HSET', key, 'st', st, 'ut', NOW_TEXT)
    addToIndex(K_SCHEDULED, c[7], cid)
  else
    st = 'pending'
    redis.call('HSET', key, 'st', st, 'run', NOW_TEXT, 'ut', NOW_TEXT)
    queuePending(cid, numField(c[4], 0), c[5] or nil)
  end
  addEvent('unblocked', cid, st, numField(c[6], 0))
  if c[3] then bumpExecution(c[3], 'blocked', st) end
  -- work the partitions' board does not know of: the settle scripts' 'rejoined' (includes/groups.lua)
  -- has a partitioned queue announce this partition, as when a group rejoins the round
  groupsRejoined = groupsRejoined + 1
end

-- A success settles the child's edge whatever the child's state (writes its result, counts np
-- down: a child that ended meanwhile keeps both for a retry, and np only counts while blocked), and
-- reads the child only when np reaches 0. Any other end reads the child's policy first.
local function settleChild(cid, pkey, ended, res, run)
  local key = K_JOB .. cid
  if ended == 'succeeded' and not graphCancels then
    if run then
      -- ' ' .. key (no key starts with a space): the traceparent of the parent's run, for the child's link
      redis.call('HSET', key .. ':pr', pkey, res or 'null', ' ' .. pkey, run)
    else
      redis.call('HSET', key .. ':pr', pkey, res or 'null')
    end
    if redis.call('HINCRBY', key, 'np', '-1') > 0 then return end
    local c = redis.call('HMGET', key, 'st', 'opf', 'ex', 'pr', 'grp', 'att', 'run')
    if c[1] == 'blocked' then unblock(cid, c) end
    return
  end
  local c = redis.call('HMGET', key, 'st', 'opf', 'ex', 'pr', 'grp', 'att', 'run')
  if c[1] ~= 'blocked' then return end
  local step = parentEndStep(ended, c[2] or 'fail')
  if graphCancels and ended ~= 'succeeded' then step = 'cancel' end
  if step == 'satisfied' then
    if redis.call('HINCRBY', key, 'np', '-1') <= 0 then unblock(cid, c) end
    return
  end
  redis.call('ZREM', K_BLOCKED, cid)
  redis.call('HSET', key, 'up', '1')
  local att, ex = numField(c[6], 0), c[3] or nil
  if step == 'cancel' then
    finishJob(cid, 'blocked', 'cancelled', K_CANCELLED, ex, 'cancelled', att)
  else
    local err = 'parent "' .. pkey .. '" ' .. ended
    if step == 'fail' then
      finishJob(cid, 'blocked', 'failed', K_FAILED, ex, 'failed', att, nil, nil, 'err', err, err)
    else
      finishJob(cid, 'blocked', 'skipped', K_SKIPPED, ex, 'skipped', att, nil, nil, 'err', err, err)
    end
  end
end

local function flushGraph()
  local i = 1
  while i <= #graphEnds do
    local pid, ended = graphEnds[i], graphEnds[i + 1]
    i = i + 2
    local p = knownEdges[pid]
    if p == nil then p = redis.call('HMGET', K_JOB .. pid, 'ch', 'gk', 'res', 'rtp') end
    if p and p[1] then
      for _, cid in ipairs(idsOf(p[1])) do settleChild(cid, p[2] or pid, ended, p[3] or nil, p[4] or nil) end
    end
  end
  graphEnds = {}
  knownEdges = {}
  if #unblockedIds > 0 then
    callBatched('ZREM', K_BLOCKED, unblockedIds)
    unblockedIds = {}
  end
end
beforeIndexFlush = flushGraph

-- How a final graph job runs again (reopenDecision): the parents it still waits on (0: pending),
-- or nil when a parent's end would end it again (retry that parent first). A parent whose hash is
-- gone (trimmed after its retention) had ended, and counts as settled.
local function reopenWaits(id, policy)
  local waiting = 0
  for _, pid in ipairs(idsOf(redis.call('HGET', K_JOB .. id, 'pa'))) do
    local pst = redis.call('HGET', K_JOB .. pid, 'st')
    if pst then
      if not PARENT_ENDS[pst] then
        waiting = waiting + 1
      elseif parentEndStep(pst, policy) ~= 'satisfied' then
        return nil
      end
    end
  end
  return waiting
end

local FINAL_INDEX = { failed = K_FAILED, cancelled = K_CANCELLED, skipped = K_SKIPPED }

-- A final job `id` (status `st`, hash fields as a table `j`) runs again with a fresh set of
-- attempts, blocked on `waits` parents or pending: what retry.lua does to a graph job it retries.
local function reopenJob(id, j, waits)
  local key = K_JOB .. id
  redis.call('ZREM', FINAL_INDEX[j.st], id)
  redis.call('HDEL', key, 'att', 'ft', 'cx', 'w', 'stt', 'res', 'rtp', 'up')
  local st = 'pending'
  if waits > 0 then
    st = 'blocked'
    redis.call('HSET', key, 'st', st, 'np', waits, 'run', NOW_TEXT, 'ut', NOW_TEXT)
    redis.call('ZADD', K_BLOCKED, NOW_TEXT, id)
  else
    redis.call('HSET', key, 'st', st, 'run', NOW_TEXT, 'ut', NOW_TEXT)
    queuePending(id, numField(j.pr, 0), j.grp)
  end
  addEvent('retried', id, st, 0)
  if j.ex then bumpExecution(j.ex, j.st, st) end
  return st
end

-- After job `id` ran again: its children its end had ended run again with it (blocked: it has
-- not ended now), and theirs in turn; a child still blocked that counted its end as settled
-- (policy run) waits on it again. Others (pending, running, ended by themselves) are left.
local function reopenDescendants(id)
  local work = { id }
  local i = 1
  while i <= #work do
    local pid = work[i]
    i = i + 1
    for _, cid in ipairs(idsOf(redis.call('HGET', K_JOB .. pid, 'ch'))) do
      local flat = redis.call('HGETALL', K_JOB .. cid)
      if #flat > 0 then
        local c = hashToTable(flat)
        if c.st == 'blocked' then
          redis.call('HINCRBY', K_JOB .. cid, 'np', 1)
        elseif c.up == '1' and FINAL_INDEX[c.st] then
          local waits = reopenWaits(cid, c.opf or 'fail')
          if waits ~= nil then
            reopenJob(cid, c, waits)
            work[#work + 1] = cid
          end
        end
      end
    end
  end
end

-- A graph job's parents' results for its claim: { key, result JSON, ... } (HGETALL of ':pr').
local function parentResults(id)
  return redis.call('HGETALL', K_JOB .. id .. ':pr')
end
