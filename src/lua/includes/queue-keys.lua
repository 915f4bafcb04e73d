-- The queue's keys, in the order RedisQueueKeys.scriptKeys() passes them; all share one hash tag,
-- so a script touches one slot. Job hashes and worker lease sets are the prefix plus an id.
local K_JOB = KEYS[1]
local K_PENDING = KEYS[2]
-- Pending jobs of priority 0 (the common case) wait in a list, FIFO: 30 B per id instead of a
-- zset entry's ~120 B, and RPUSH/LPOP instead of ZADD/ZPOPMIN. Other priorities stay in K_PENDING.
local K_PENDING_FIFO = KEYS[2] .. ':fifo'
local K_SCHEDULED = KEYS[3]
local K_LEASES = KEYS[4]
local K_SUCCEEDED = KEYS[5]
local K_FAILED = KEYS[6]
local K_CANCELLED = KEYS[7]
local K_EVENTS = KEYS[8]
local K_WAKE = KEYS[9]
local K_SEQ = KEYS[10]
local K_IDEM = KEYS[11]
local K_WLEASE = KEYS[12]
local K_WORKERS = KEYS[13]
-- Executions: counters hash = K_EXEC .. id (its job list = K_EXEC .. id .. ':jobs'); the refresh
-- set of dirty executions; the refreshing zset (member '<id> <refresherId>', score claim time).
local K_EXEC = KEYS[14]
local K_REFRESH = KEYS[15]
local K_REFRESHING = KEYS[16]
-- Executions final and acknowledged (zset, score = ack time): trim-executions.lua deletes them
-- after their retention. Ids are '<queue>-<ulid>', so no execution's hash is this key.
local K_EXEC_DONE = K_EXEC .. 'done'
-- Executions' idempotency keys (hash: key -> execution id), freed when the execution is trimmed.
local K_EXEC_IDEM = K_EXEC .. 'idem'

-- Every script takes the clock and the event stream bound as its first two arguments.
local NOW = tonumber(ARGV[1])
local EVENTS_MAXLEN = ARGV[2]

local DEFAULT_MAX_ATTEMPTS = 3

local FINAL_INDEX = { succeeded = K_SUCCEEDED, failed = K_FAILED, cancelled = K_CANCELLED }
local STATE_INDEX = {
  pending = K_PENDING, scheduled = K_SCHEDULED, running = K_LEASES,
  succeeded = K_SUCCEEDED, failed = K_FAILED, cancelled = K_CANCELLED,
}
