#!lua
--[[
  enqueue-partition: enqueue.lua for a partition of a partitioned queue, which also reports the
  partition's claimable work before and after the call (includes/work-state.lua): its writer
  tells the queue's board (board-report.lua) when the call made work claimable where there was
  none, raised the best priority, or brought a scheduled job's due time forward.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV: as enqueue.lua's.

  Returns: { notCreated, before, after }: notCreated as enqueue.lua's; before and after are
  { wake count, best priority or '', next due or '' }. When any job was created the wake count is
  bumped (touchWork), so `after` orders after every claim before this call.
]]
--- @include "includes/enqueue-jobs"
--- @include "includes/work-state"

local before = workState()
local n = countArg(3, 'job count')
local out = enqueueJobs(3)
flushIndexWrites()
flushEvents()
if #out < n then touchWork() end
return { out, before, workState() }
