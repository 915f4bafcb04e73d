--[[
  heartbeat: renews many leases at once. A lease is current when the job is running and its token
  matches; current leases are extended to now + leaseMs with one ZADD.

  KEYS[1]  job hash prefix (job hash = KEYS[1] .. id)
  KEYS[2]  pending zset
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

  ARGV[1]  now (epoch ms)
  ARGV[2]  events stream MAXLEN (approximate)
  ARGV[3]  lease duration ms
  then per lease: job id, token

  Returns: per lease 'ok', 'stale' (not running or another token) or 'cancel' (renewed, but a
  cancel was asked for).
  Invariant: only current leases move; nothing else changes.
]]
--- @include "includes/queue-keys"
--- @include "includes/batch-calls"

local leaseUntil = NOW + tonumber(ARGV[3])
local out = {}
local renew = {}
for i = 4, #ARGV, 2 do
  local id = ARGV[i]
  local v = redis.call('HMGET', K_JOB .. id, 'st', 'tok', 'cx')
  if v[1] == 'running' and tonumber(v[2]) == tonumber(ARGV[i + 1]) then
    renew[#renew + 1] = leaseUntil
    renew[#renew + 1] = id
    if v[3] == '1' then out[#out + 1] = 'cancel' else out[#out + 1] = 'ok' end
  else
    out[#out + 1] = 'stale'
  end
end
if #renew > 0 then callBatched('ZADD', K_LEASES, renew) end
return out
