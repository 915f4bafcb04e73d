#!lua flags=no-writes
--[[
  stray-leases: the leases the store says a worker holds that the worker did not name. A claim
  whose reply was lost on the wire (a connection reset mid-call) leaves such leases: the jobs are
  running for the worker, which never heard of them. The worker releases what this returns.
  Read-only.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  worker id
  then the ids of the jobs the worker holds (running, or with a result not yet recorded)

  Returns: a flat list id, token of every job in the worker's lease set that is running for that
  worker and whose id is not in ARGV. Set members whose job is gone or not running for the worker
  are left for the reaper (release and the scripts that end a lease remove them).
  Invariant: nothing changes.
]]

local worker = ARGV[1]
local held = {}
for i = 2, #ARGV do held[ARGV[i]] = true end

local out = {}
for _, id in ipairs(redis.call('SMEMBERS', K_WLEASE .. worker)) do
  if not held[id] then
    local v = redis.call('HMGET', K_JOB .. id, 'st', 'tok', 'w')
    if v[1] == 'running' and v[3] == worker and v[2] then
      out[#out + 1] = id
      out[#out + 1] = v[2]
    end
  end
end
return out
