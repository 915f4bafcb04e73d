#!lua flags=allow-oom
--[[
  reap-workers: ends every lease held by the given (silent) workers, at most `limit` in all,
  read from each worker's lease set (no walk of the lease index), at most `limit` entries of them
  read per call (SRANDMEMBER, never the whole set). The attempt stays spent, as on
  expiry. A worker whose leases are all ended leaves the workers registry. A worker that
  heartbeated since the caller found it silent (registry score >= ARGV[4]) is skipped.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  max leases to end (a lease dropped as malformed counts; the workers left wait for the next call)
  ARGV[4]  silence cutoff (epoch ms): a worker whose registry score is >= this heartbeated after
           it was found silent, and is skipped (a worker absent from the registry is reaped)
  ARGV[5..] worker ids

  Returns: { requeued ids, failed ids, malformed ids, cancelled ids, groups that rejoined the round } (cancelled: a cancel was
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
-- Entries read from lease sets, bounded like the leases ended: a worker that died holding 100,000
-- leases is ended `limit` at a time over several calls, never read whole (SMEMBERS) in one.
local reads = budget
local emptied = {}
for w = 5, #ARGV do
  -- the rest waits for the next call (the reaper calls again while a call fills its budget)
  if budget <= 0 or reads <= 0 then break end
  local worker = ARGV[w]
  local seen = tonumber(redis.call('ZSCORE', K_WORKERS, worker))
  -- it heartbeated since the caller listed it as silent: nothing of it is ended
  if seen == nil or seen < cutoff then
    local set = K_WLEASE .. worker
    local ids = redis.pcall('SRANDMEMBER', set, math.min(budget, reads))
    if ids.err then
      redis.log(redis.LOG_WARNING, 'claimq reap-workers: ' .. set .. ' is not a set (' .. ids.err .. '); worker dropped')
      noteMalformed(worker)
      redis.call('ZREM', K_WORKERS, worker)
    else
      -- in id order (the memory store's too): what a reap puts back waits in one known order
      table.sort(ids)
      for _, id in ipairs(ids) do
        reads = reads - 1
        local owner = redis.pcall('HGET', K_JOB .. id, 'w')
        if type(owner) == 'table' and owner.err then
          redis.log(redis.LOG_WARNING, 'claimq reap-workers: ' .. K_JOB .. id .. ' is not a job hash; lease dropped')
          endLease(id, worker)
          noteMalformed(id)
          budget = budget - 1
        elseif owner == worker then
          -- a job no longer running only loses this stale entry, and costs no budget
          if noteReaped(id, expireLease(id, WORKER_SILENT_BEFORE .. worker .. WORKER_SILENT_AFTER)) then budget = budget - 1 end
        else
          -- re-claimed by another worker: only this worker's entry goes
          redis.call('SREM', set, id)
        end
      end
      emptied[#emptied + 1] = worker
    end
  end
end
flushLeaseEnds()
flushGroupRuns()
-- a worker whose lease set this call emptied leaves the registry
for _, worker in ipairs(emptied) do
  if redis.call('EXISTS', K_WLEASE .. worker) == 0 then redis.call('ZREM', K_WORKERS, worker) end
end
flushIndexWrites()
flushEvents()
return reapReply()
