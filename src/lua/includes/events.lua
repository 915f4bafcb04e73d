--- @include "queue-keys"
-- Events of one script call, appended as ONE stream entry (field e = JSON array of JobEvent).
local pendingEvents = {}

local function addEvent(ev)
  pendingEvents[#pendingEvents + 1] = ev
end

local function flushEvents()
  if #pendingEvents > 0 then
    redis.call('XADD', K_EVENTS, 'MAXLEN', '~', EVENTS_MAXLEN, '*', 'e', cjson.encode(pendingEvents))
    pendingEvents = {}
  end
end
