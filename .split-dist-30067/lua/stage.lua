#!lua
--[[
  stage: the first step of a bulk whose jobs lie in several partitions of a queue (their
  idempotency keys hash to several). Checks and writes this partition's jobs as enqueue.lua does,
  all or nothing, and takes their keys, but indexes none of them and records no event: no claim,
  count or listing sees them, and a cancel refuses them. Each is marked `stg` = the stage and
  listed in the stage's set; the stage is listed in K_STAGES with its deadline. Then, when every
  partition staged its jobs, the writer records the bulk committed in partition 0 (K_COMMITS) and
  runs stage-commit.lua in each; when one failed, stage-rollback.lua. Upkeep settles a stage whose
  writer never came back, after its deadline, by the record in partition 0.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the stage id
  ARGV[4]  its deadline (epoch ms)
  ARGV[5]  number of jobs n, then the jobs as enqueue.lua takes them

  Returns: notCreated, as enqueue.lua. Sent twice (a resend), the second run finds the jobs of the
  first (their ids exist) and reports them as not created; the caller knows its staged ids.
]]
--- @include "includes/enqueue-jobs"
--- @include "includes/arguments"

local stage = ARGV[3]
local deadline = countArg(4, 'stage: deadline')
local out = writeEnqueue(planEnqueue(5), function(id)
  redis.call('HSET', K_JOB .. id, 'stg', stage)
  redis.call('SADD', K_STAGE .. stage, id)
end)
redis.call('ZADD', K_STAGES, deadline, stage)
return out
