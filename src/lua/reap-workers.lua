#!lua flags=allow-oom
--[[
  reap-workers: ends every lease held by the given (silent) workers, at most `limit` in all,
  read from each worker's lease set (no walk of the lease index). The attempt stays spent, as on
  expiry. A worker whose leases are all ended leaves the workers registry. A worker that
  heartbeated since the caller found it silent (registry score >= ARGV[4]) is skipped.

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
  ARGV[3]  max leases to end (a lease dropped as malformed counts; the workers left wait for the next call)
  ARGV[4]  silence cutoff (epoch ms): a worker whose registry score is >= this heartbeated after
           it was found silent, and is skipped (a worker absent from the registry is reaped)
  ARGV[5..] worker ids

  Returns: { requeued ids, failed ids, malformed ids, cancelled ids } (cancelled: a cancel was
  asked, then the worker went silent; includes/expire-lease.lua files each id). A worker whose
  lease set is not a set leaves the registry (its worker id is reported as malformed; its leases
  still expire); a job key that is not a hash loses its lease (its id is reported); neither stops
  the script.
  Invariant: every ended lease leaves the lease sets; the job is in exactly one other index.
]]
--- @include "includes/queue-keys"
--- @include "includes/expire-lease"
--- @include "includes/arguments"

local budget = countArg(3, 'reap-workers: limit')
local cutoff = numArg(4, 'reap-workers: silent cutoff')
for w = 5, #ARGV do
  -- the rest waits for the next call (the reaper calls again while a call fills its budget)
  if budget <= 0 then break end
  local worker = ARGV[w]
  local seen = tonumber(redis.call('ZSCORE', K_WORKERS, worker))
  -- it heartbeated since the caller listed it as silent: nothing of it is ended
  local alive = seen ~= nil and seen >= cutoff
  local ids = {}
  if not alive then
    ids = redis.pcall('SMEMBERS', K_WLEASE .. worker)
    if ids.err then
      redis.log(redis.LOG_WARNING, 'claimq reap-workers: ' .. K_WLEASE .. worker .. ' is not a set (' .. ids.err .. '); worker dropped')
      noteMalformed(worker)
      ids = {}
    end
  end
  local ended = 0
  for _, id in ipairs(ids) do
    if budget <= 0 then break end
    local owner = redis.pcall('HGET', K_JOB .. id, 'w')
    if type(owner) == 'table' and owner.err then
      redis.log(redis.LOG_WARNING, 'claimq reap-workers: ' .. K_JOB .. id .. ' is not a job hash; lease dropped')
      endLease(id, worker)
      noteMalformed(id)
      budget = budget - 1
    elseif owner == worker then
      -- a job no longer running only loses this stale entry, and costs no budget
      if noteReaped(id, expireLease(id, 'worker ' .. worker .. ' went silent')) then budget = budget - 1 end
    else
      -- re-claimed by another worker: only this worker's entry goes
      redis.call('SREM', K_WLEASE .. worker, id)
    end
    ended = ended + 1
  end
  if not alive and ended == #ids then redis.call('ZREM', K_WORKERS, worker) end
end
flushLeaseEnds()
flushIndexWrites()
flushEvents()
return reapReply()
