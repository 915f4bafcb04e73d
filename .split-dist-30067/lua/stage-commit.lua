#!lua
--[[
  stage-commit: the jobs stage.lua staged in this partition become what enqueue.lua would have
  made them: each joins pending or scheduled (by its st) and records its enqueued event; `stg`
  is removed. The bulk was decided committed (K_COMMITS in partition 0) before this runs, by its
  writer or, after the stage's deadline, by upkeep. A job no longer staged (gone, or committed by
  an earlier run) is skipped, so a second run changes nothing.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  the stage id
  ARGV[4]  (the writer, in the bulk's coordinating partition only) the decision: the stage is
           recorded committed in K_COMMITS until ARGV[5] (epoch ms), in this same script, unless
           NOW is past ARGV[4], the last moment the writer may still decide (upkeep may settle the
           stage after its deadline, later than that by more than clocks drift): then nothing
           changes and it returns { -1 }.

  Returns: { committed }, how many jobs it indexed (the writer then announces the partition's
  work on the queue's board: partition-work.lua).
]]
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/job-record"

local stage = ARGV[3]
if ARGV[4] ~= nil then
  if NOW > tonumber(ARGV[4]) then return { -1 } end
  redis.call('ZADD', K_COMMITS, tonumber(ARGV[5]), stage)
end
local committed = 0
for _, id in ipairs(redis.call('SMEMBERS', K_STAGE .. stage)) do
  local f = redis.call('HMGET', K_JOB .. id, 'stg', 'st', 'pr', 'max', 'run', 'type', 'sn', 'sf', 'grp')
  if f[1] == stage then
    redis.call('HDEL', K_JOB .. id, 'stg')
    local priority = numField(f[3], 0)
    if f[2] == 'scheduled' then
      addToIndex(K_SCHEDULED, tonumber(f[5]), id)
    else
      queuePending(id, priority, f[9])
    end
    addEnqueuedEvent(id, f[2], priority, numField(f[4], DEFAULT_MAX_ATTEMPTS), nil, f[6], f[7] or nil, f[8] or nil)
    committed = committed + 1
  end
end
redis.call('DEL', K_STAGE .. stage)
redis.call('ZREM', K_STAGES, stage)
flushIndexWrites()
flushEvents()
return { committed }
