#!lua flags=allow-oom
--[[
  complete: running -> succeeded for many leases. A lease whose job is not running or whose token
  is not current is 'stale' and changes nothing, except a completion applied twice (its reply was
  lost and the ack batch sent again): the job is succeeded and its token is still the presented
  one, so 'succeeded' again, and nothing changes (no second event). A job deleted on completion
  (ARGV[3] = '1') has no hash left to match, so its repeat is 'stale'.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  '1' = delete on completion (SUCCEEDED_RETENTION_MS=0), '0' = keep the job
  ARGV[4]  values per item: 3, or 4 when the items carry their run's traceparent (tracing on)
  then from ARGV[5], per item: job id, token, result JSON text ('' = no result)[, the traceparent
  of the run that succeeded ('' = none): a graph job's children keep it beside its result, for
  their run spans' links (includes/graph.lua)]

  Returns: per item 'succeeded' or 'stale'; then 'rejoined' when a group held at its cap rejoined
  the round (includes/groups.lua).
  Invariant: a succeeded job leaves the leases zset and its worker's lease set, and its
  'succeeded' event (with the result) is written. Kept (ARGV[3] = '0'): it is in the succeeded
  index only (score = finish time), its hash holds st, ft, ut and res. Deleted (ARGV[3] = '1'): its
  hash is unlinked and its idempotency key freed (when it still points at this job), so it is in
  no index; the history writer's record is then the only one. EXCEPT a job with a callbackUrl
  (field cb: the callback is built from the stored job after completion) or an execution (field
  ex: the execution's job list reads the store), which is kept as with ARGV[3] = '0'.
]]
--- @include "includes/queue-keys"
--- @include "includes/end-attempt"

local deleteSucceeded = ARGV[3] == '1'
local stride = tonumber(ARGV[4])
if stride ~= 3 and stride ~= 4 then error('claimq complete: values per item (ARGV[4]) must be 3 or 4') end
local out = {}
local deletedKeys = {}
local freedIdemKeys = {}
-- ids deleted earlier in this call: their hash goes only after the loop, so a repeated item must
-- not be settled a second time; like any repeat of a deleted job it is 'stale'
local deletedHere = {}
for i = 5, #ARGV, stride do
  local id = ARGV[i]
  local key = K_JOB .. id
  -- the hot path: only the fields a completion reads, no table per job (end-attempt.lua's
  -- endAttempt is for the ends that may retry or cancel)
  local v
  if deletedHere[id] then
    v = {}
  elseif deleteSucceeded then
    v = redis.call('HMGET', key, 'st', 'tok', 'w', 'att', 'ex', 'grp', 'ch', 'gk', 'cb', 'ik', 'lgn')
  else
    v = redis.call('HMGET', key, 'st', 'tok', 'w', 'att', 'ex', 'grp', 'ch', 'gk')
  end
  if v[1] == 'running' and tonumber(v[2]) == tonumber(ARGV[i + 1]) then
    local res = ARGV[i + 2]
    if res == '' then res = nil end
    local worker, ex = v[3] or nil, v[5] or nil
    local kind, st, att = attemptOutcome('complete', numField(v[4], 0), 0, false, false)
    endLease(id, worker)
    endGroupRun(v[6])
    if deleteSucceeded and not ex and not v[9] then
      -- succeeded, and deleted rather than kept: the event is the only record
      deletedKeys[#deletedKeys + 1] = key
      -- its log lines (report.lua), when it wrote any
      if v[11] then deletedKeys[#deletedKeys + 1] = key .. ':lg' end
      deletedHere[id] = true
      if v[10] and redis.call('HGET', K_IDEM, v[10]) == id then freedIdemKeys[#freedIdemKeys + 1] = v[10] end
      addEvent(kind, id, st, att, worker, v[2], res)
    else
      -- the graph's edges as read here, so settling the children reads the job no more (graph.lua)
      local run = nil
      if ex then
        if stride == 4 and ARGV[i + 3] ~= '' then run = ARGV[i + 3] end
        knownEdges[id] = v[7] and { v[7], v[8] or id, res, run } or false
      end
      -- a graph job's succeeded run (rtp), for the links of the children it has and may yet get
      if run then redis.call('HSET', key, 'rtp', run) end
      finishJob(id, 'running', st, K_SUCCEEDED, ex, kind, att, worker, v[2], res and 'res', res, res)
    end
    out[#out + 1] = 'succeeded'
  elseif v[1] == 'succeeded' and tonumber(v[2]) == tonumber(ARGV[i + 1]) then
    -- this very completion, applied before: only a claim bumps tok, and only complete succeeds
    out[#out + 1] = 'succeeded'
  else
    out[#out + 1] = 'stale'
  end
end
-- every job key shares the queue's hash tag, so one UNLINK per chunk
for k = 1, #deletedKeys, BATCH_CHUNK do
  redis.call('UNLINK', unpack(deletedKeys, k, math.min(k + BATCH_CHUNK - 1, #deletedKeys)))
end
if #freedIdemKeys > 0 then callBatched('HDEL', K_IDEM, freedIdemKeys) end
flushWrites()
-- one more element when a group held at its cap rejoined the round (redis-job-store.ts reads it)
if groupsRejoined > 0 then out[#out + 1] = 'rejoined' end
return out
