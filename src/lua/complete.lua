--[[
  complete: running -> succeeded for many leases. A lease whose job is not running or whose token
  is not current is 'stale' and changes nothing.

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
  then per item: job id, token, result JSON text ('' = no result)

  Returns: per item 'succeeded' or 'stale'.
  Invariant: a succeeded job is in the succeeded index only (score = finish time), and in no
  lease set.
]]
--- @include "includes/queue-keys"
--- @include "includes/events"
--- @include "includes/index-writes"
--- @include "includes/lease-ends"
--- @include "includes/job-record"

local out = {}
for i = 3, #ARGV, 3 do
  local id = ARGV[i]
  local key = K_JOB .. id
  local v = redis.call('HMGET', key, 'st', 'tok', 'w', 'att', 'ex')
  if v[1] == 'running' and tonumber(v[2]) == tonumber(ARGV[i + 1]) then
    local res = ARGV[i + 2]
    if res ~= '' then
      redis.call('HSET', key, 'st', 'succeeded', 'ft', NOW, 'ut', NOW, 'res', res)
    else
      redis.call('HSET', key, 'st', 'succeeded', 'ft', NOW, 'ut', NOW)
      res = nil
    end
    endLease(id, v[3])
    addToIndex(K_SUCCEEDED, NOW, id)
    if v[5] then bumpExecution(v[5], 'running', 'succeeded') end
    addEvent('succeeded', id, 'succeeded', numField(v[4], 0), v[3] or nil, v[2], res)
    out[#out + 1] = 'succeeded'
  else
    out[#out + 1] = 'stale'
  end
end
flushLeaseEnds()
flushIndexWrites()
flushEvents()
return out
