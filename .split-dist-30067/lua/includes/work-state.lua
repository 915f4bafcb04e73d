--- @include "groups"
-- A partition's claimable work as a partitioned queue's board records it
-- (src/modules/queue/partitions/partition-board.ts): { wake count, best priority, next due }.
-- The wake count (K_WAKE_SEQ) is bumped by wakeWorkers, so by every change that makes work
-- claimable here, and by touchWork; it orders what the board and the workers know of this
-- partition. The best priority is that of the best claimable job ('' when none: nothing pending,
-- or the queue is paused); a priority-0 list holding only dead entries still reads 0 (the claim it
-- brings drops them). Next due: the earliest of the scheduled jobs' runAt and the throttled
-- groups' next token ('' when none).
local function bestClaimablePriority()
  if redis.call('HGET', K_SETTINGS, 'p') == '1' then return '' end
  if groupedMode() then
    local head = redis.call('ZRANGE', K_GROUPS_READY, 0, 0, 'WITHSCORES')
    if #head == 0 then return '' end
    return 1000 - math.floor(tonumber(head[2]) / PRIORITY_SPAN)
  end
  local head = redis.call('ZRANGE', K_PENDING, 0, 0, 'WITHSCORES')
  local score = head[2] and tonumber(head[2])
  if score and score < PRIORITY_ZERO_SCORE then return 1000 - math.floor(score / PRIORITY_SPAN) end
  if redis.call('LLEN', K_PENDING_FIFO) > 0 then return 0 end
  if score then return 1000 - math.floor(score / PRIORITY_SPAN) end
  return ''
end

local function workState()
  local due = tonumber(redis.call('ZRANGE', K_SCHEDULED, 0, 0, 'WITHSCORES')[2])
  if groupedMode() then
    local token = tonumber(redis.call('ZRANGE', K_GROUPS_THROTTLED, 0, 0, 'WITHSCORES')[2])
    if token and (not due or token < due) then due = token end
  end
  return { tonumber(redis.call('GET', K_WAKE_SEQ)) or 0, bestClaimablePriority(), due and string.format('%.0f', due) or '' }
end

-- Something changed here that the workers of the queue must look at again (a scheduled job added
-- wakes nobody, but changes when they must come): what is read after it orders after every claim
-- that came before.
local function touchWork()
  redis.call('INCR', K_WAKE_SEQ)
end
