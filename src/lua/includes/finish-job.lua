--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
-- The "finish a job" sequence, in one place: job `id` leaves status `from` (its index entry is
-- already gone, or never was) for the final status `st`, filed in `index` (K_SUCCEEDED, K_FAILED or
-- K_CANCELLED, which the caller names so a script gets only the keys it uses) at NOW; its event
-- `kind` is recorded, and its execution `ex` (nil when none) counts the move. `field`/`value` is
-- the one more hash field a final status may carry (err or res; nil = none). `att`, `w`, `run` and
-- `text` are the event's (includes/events.lua).
-- Execution jobs that ended in this call, as id, status pairs: includes/graph.lua settles their
-- children (flushGraph, before the index writes land).
local graphEnds = {}
-- What a caller already read of an ending job's edges: id -> { ch, gk, result } or false (no
-- children), so flushGraph need not read it again (complete.lua, the hot path).
local knownEdges = {}

local function finishJob(id, from, st, index, ex, kind, att, w, run, field, value, text)
  local key = K_JOB .. id
  if field ~= nil then
    redis.call('HSET', key, 'st', st, 'ft', NOW_TEXT, 'ut', NOW_TEXT, field, value)
  else
    redis.call('HSET', key, 'st', st, 'ft', NOW_TEXT, 'ut', NOW_TEXT)
  end
  addToIndex(index, NOW_TEXT, id)
  addEvent(kind, id, st, att, w, run, text)
  if ex then
    bumpExecution(ex, from, st)
    graphEnds[#graphEnds + 1] = id
    graphEnds[#graphEnds + 1] = st
  end
end

-- A record nothing can run, failed where it was met (claim, reap) with "malformed job record: <why>"
-- (MALFORMED_PREFIX is generated from the TypeScript: lua-constants.ts).

local function failMalformed(id, from, ex, att, why)
  local err = MALFORMED_PREFIX .. why
  -- a stack belongs to its error (end-attempt.lua): this error has none
  redis.call('HDEL', K_JOB .. id, 'es')
  finishJob(id, from, 'failed', K_FAILED, ex, 'failed', att, nil, nil, 'err', err, err)
end

--- @include "graph"
