--- @include "queue-keys"
--- @include "execution-counters"
-- Events of one script call, appended as ONE stream entry (decoded by
-- src/modules/queue/events/stream-entry-codec.ts):
--   field `t` = the call's clock (every event of a call happens at NOW), then one field per event,
--   in order: name = the event's kind, value = its fields joined by US (\31, which no id, status,
--   number, job type, schedule name or worker id contains):
--     enqueued:  id, st, att, w, prio, max, exec, type [, sn, sf]   (sn, sf: the job's schedule name
--                and fire time, only for a job that has one, so other jobs' events stay as they were)
--     the rest:  id, st, att, w, run [, text]   (run: the job's fencing token on `claimed` and on
--                every event that ends an attempt, '' otherwise; text, taken whole to the end: res
--                for succeeded, err otherwise; absent or '' = none)
--   (Entries written before run numbers start with field `at` and have no run: the codec reads both.)
-- No script here trims the stream: events-trim.lua does, in upkeep (the reaper), so that the trim
-- can spare what the history writer has not acknowledged and the hot path pays one XADD only.
-- Every transition script ends with flushEvents, so it also stamps the executions the call touched
-- and marks them dirty (includes/execution-counters.lua).
local EVENT_SEP = '\31'
local pendingEvents = { 't', ARGV[1] }

-- `run`: the attempt's fencing token (tok) when the event claims or ends an attempt, else nil.
local function addEvent(kind, id, st, att, w, run, text)
  local v = id .. EVENT_SEP .. st .. EVENT_SEP .. asText(att) .. EVENT_SEP .. (w or '') .. EVENT_SEP .. (asText(run) or '')
  if text ~= nil and text ~= '' then v = v .. EVENT_SEP .. text end
  local n = #pendingEvents
  pendingEvents[n + 1] = kind
  pendingEvents[n + 2] = v
end

-- `sn`, `sf`: the job's schedule (both or neither; nil for a job no schedule fired); `gk`, `dep`:
-- a graph job's key and its parents' keys (nil for other jobs).
local function addEnqueuedEvent(id, st, prio, max, exec, type, sn, sf, gk, dep)
  local n = #pendingEvents
  pendingEvents[n + 1] = 'enqueued'
  local v = id .. EVENT_SEP .. st .. EVENT_SEP .. '0' .. EVENT_SEP .. EVENT_SEP .. asText(prio)
    .. EVENT_SEP .. asText(max) .. EVENT_SEP .. (exec or '') .. EVENT_SEP .. type
  if gk or dep then
    v = v .. EVENT_SEP .. (sn or '') .. EVENT_SEP .. (sf or '') .. EVENT_SEP .. (gk or '') .. EVENT_SEP .. (dep or '')
  elseif sn and sf then
    v = v .. EVENT_SEP .. sn .. EVENT_SEP .. sf
  end
  pendingEvents[n + 2] = v
end

-- Events per stream entry: an XADD of one entry passes 2 fields per event to unpack(), which Lua
-- bounds at about 8,000 values, and a claim of 10,000 jobs writes 10,000 events. Larger calls
-- write several entries (each with the call's clock), so no batch size can fail the script after
-- its first writes.
local EVENTS_PER_ENTRY = 2000

local function flushEvents()
  flushExecutions()
  local last = #pendingEvents
  if last > 2 then
    local t = pendingEvents[2]
    local from = 3
    while from <= last do
      local to = math.min(from + EVENTS_PER_ENTRY * 2 - 1, last)
      redis.call('XADD', K_EVENTS, '*', 't', t, unpack(pendingEvents, from, to))
      from = to + 1
    end
    pendingEvents = { 't', ARGV[1] }
  end
end
