#!lua flags=allow-oom
--[[
  reap: ends leases that expired before now, at most `limit`, as includes/expire-lease.lua says.
  A lease that ran out at the job's hard time limit (startedAt + timeoutMs + grace <= now: the
  worker kept heartbeating but the job hung) is ended with "exceeded its hard time limit" instead
  of "lease expired".

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  max leases to reap
  ARGV[4]  hard timeout grace ms (HARD_TIMEOUT_GRACE_MS)

  Returns: { requeued ids, failed ids, malformed ids, cancelled ids, groups that rejoined the round } (cancelled: a cancel was
  asked and the lease ran out; includes/expire-lease.lua files each id).
  Malformed: a lease whose job is gone or not running (the entry is dropped), or whose job key is
  not a hash (the lease is dropped and the key left alone for an operator); never an error, so
  one bad record cannot stop the reaper.
  Invariant: every reaped id leaves the lease sets and is in exactly one other index.
]]
--- @include "includes/queue-keys"
--- @include "includes/expire-lease"
--- @include "includes/hard-limit"
--- @include "includes/arguments"

local limit = countArg(3, 'reap: limit')
local grace = numArg(4, 'reap: grace ms')
local ids = redis.call('ZRANGEBYSCORE', K_LEASES, '-inf', '(' .. ARGV[1], 'LIMIT', 0, limit)
for _, id in ipairs(ids) do
  local t = redis.pcall('HMGET', K_JOB .. id, 'stt', 'tmo')
  if t.err then
    redis.log(redis.LOG_WARNING, 'claimq reap: ' .. K_JOB .. id .. ' is not a job hash (' .. t.err .. '); lease dropped')
    endLease(id, nil)
    noteMalformed(id)
  else
    local reason = EXPIRED_ERROR
    if t[1] and hardDeadline(t[1], t[2], grace) <= NOW then reason = HARD_LIMIT_ERROR end
    -- a lease entry whose job is gone or not running is malformed
    if not noteReaped(id, expireLease(id, reason)) then noteMalformed(id) end
  end
end
flushWrites()
return reapReply()
