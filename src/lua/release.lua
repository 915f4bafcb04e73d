#!lua flags=allow-oom
--[[
  release: running -> pending for many leases, the attempt given back (shutdown, or a type this
  worker cannot run). A job whose cancel was asked for is cancelled instead of run again.

  KEYS[1]  job hash prefix (job hash = KEYS[1] .. id)
  KEYS[2]  pending zset (priority <> 0); its list of priority 0 is KEYS[2] .. ':fifo'
  KEYS[3]  scheduled zset
  KEYS[4]  leases zset
  KEYS[5]  succeeded zset
  KEYS[6]  failed zset
  KEYS[7]  cancelled zset
  KEYS[8]  events stream
  KEYS[9]  wake list
  KEYS[10] seq counter
  KEYS[11] idem hash
  KEYS[12] worker lease set prefix (set = KEYS[12] .. workerId)
  KEYS[13] workers zset
  KEYS[14] execution hash prefix (counters = KEYS[14] .. executionId)
  KEYS[15] refresh set (dirty executions)
  KEYS[16] refreshing zset (refreshes in flight)

  ARGV[1]  now (epoch ms)
  ARGV[2]  events stream bound, in events (approximate; includes/events.lua)
  then per lease: job id, token

  Returns: per lease the new status ('pending' or 'cancelled'), or 'stale' (nothing changed).
  Invariant: the job leaves the lease sets and is in exactly one of pending or cancelled.
]]
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/lease-ends"
--- @include "includes/job-record"

local out = {}
for i = 3, #ARGV, 2 do
  local id = ARGV[i]
  local key = K_JOB .. id
  local v = redis.call('HMGET', key, 'st', 'tok', 'w', 'att', 'cx', 'pr', 'ex')
  if v[1] == 'running' and tonumber(v[2]) == tonumber(ARGV[i + 1]) then
    local att = numField(v[4], 0)
    local worker = v[3] or nil
    endLease(id, v[3])
    if v[5] == '1' then
      redis.call('HSET', key, 'st', 'cancelled', 'ft', NOW, 'ut', NOW)
      addToIndex(K_CANCELLED, NOW, id)
      addEvent('cancelled', id, 'cancelled', att, worker, v[2])
      out[#out + 1] = 'cancelled'
      if v[7] then bumpExecution(v[7], 'running', 'cancelled') end
    else
      att = math.max(0, att - 1)
      redis.call('HSET', key, 'st', 'pending', 'att', att, 'ut', NOW)
      queuePending(id, numField(v[6], 0))
      addEvent('released', id, 'pending', att, worker, v[2])
      out[#out + 1] = 'pending'
      if v[7] then bumpExecution(v[7], 'running', 'pending') end
    end
  else
    out[#out + 1] = 'stale'
  end
end
flushLeaseEnds()
flushIndexWrites()
flushEvents()
return out
