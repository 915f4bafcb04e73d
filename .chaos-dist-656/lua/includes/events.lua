--- @include "queue-keys"
--- @include "execution-counters"
-- Events of one script call, appended as ONE stream entry (field e = JSON array of JobEvent).
-- Every transition script ends with flushEvents, so it also stamps the executions the call touched
-- and marks them dirty (includes/execution-counters.lua).
local pendingEvents = {}

local function addEvent(ev)
  pendingEvents[#pendingEvents + 1] = ev
end

local function flushEvents()
  flushExecutions()
  if #pendingEvents > 0 then
    redis.call('XADD', K_EVENTS, 'MAXLEN', '~', EVENTS_MAXLEN, '*', 'e', cjson.encode(pendingEvents))
    pendingEvents = {}
  end
end
