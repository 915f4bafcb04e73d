#!lua flags=no-writes
--[[
  stray-leases: the leases the store says workers hold that the workers did not name. A claim
  whose reply was lost on the wire (a connection reset mid-call) leaves such leases: the jobs are
  running for the worker, which never heard of them. The worker (or the API process that serves
  remote workers) releases what this returns. Read-only. One call answers for many workers.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  claimed before: only leases claimed before this time (epoch ms) are stray, so a claim
           whose reply is on its way while the worker names its leases is not taken for lost;
           '' for every lease
  then per worker: its id, the count n of the ids it holds, and those n job ids (running, or with a
  result not yet recorded)

  Returns: a flat list id, token, worker id of every job in a worker's lease set that is running
  for that worker, was claimed before ARGV[1] and that the worker did not name. Set members whose
  job is gone or not running for the worker are left for the reaper (release and the scripts that
  end a lease remove them).
  Invariant: nothing changes.
]]

local claimedBefore = tonumber(ARGV[1])
local out = {}
local i = 2
while i <= #ARGV do
  local worker = ARGV[i]
  local n = tonumber(ARGV[i + 1])
  local held = {}
  for k = i + 2, i + 1 + n do held[ARGV[k]] = true end
  i = i + 2 + n
  for _, id in ipairs(redis.call('SMEMBERS', K_WLEASE .. worker)) do
    if not held[id] then
      local v = redis.call('HMGET', K_JOB .. id, 'st', 'tok', 'w', 'stt')
      if v[1] == 'running' and v[3] == worker and v[2] and (claimedBefore == nil or (tonumber(v[4]) or 0) < claimedBefore) then
        out[#out + 1] = id
        out[#out + 1] = v[2]
        out[#out + 1] = worker
      end
    end
  end
end
return out
