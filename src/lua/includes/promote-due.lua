--- @include "queue-keys"
--- @include "events"
--- @include "index-writes"
--- @include "job-record"
-- Moves scheduled jobs whose runAt has come to pending, in due order, at most `limit`.
-- A record without a status (or with an unknown one) still goes to pending, where the claim fails
-- it as malformed. A stray entry (a record whose status is another known one: it lives in that
-- status's index) and a key that is not a hash are only dropped from the index.
local function promoteDue(limit)
  local ids = redis.call('ZRANGEBYSCORE', K_SCHEDULED, '-inf', NOW_TEXT, 'LIMIT', 0, limit)
  if #ids == 0 then return 0 end
  callBatched('ZREM', K_SCHEDULED, ids)
  local promoted = 0
  for _, id in ipairs(ids) do
    local key = K_JOB .. id
    local v = redis.pcall('HMGET', key, 'st', 'pr', 'att', 'type', 'ex', 'grp')
    if v.err then
      -- not a hash: dropped from the index, key left for an operator; never stops the promotion
      redis.log(redis.LOG_WARNING, 'claimq promote: ' .. key .. ' is not a job hash; dropped from scheduled')
    elseif v[1] == 'scheduled' then
      redis.call('HSET', key, 'st', 'pending', 'ut', NOW_TEXT)
      queuePending(id, numField(v[2], 0), v[6])
      addEvent('promoted', id, 'pending', numField(v[3], 0))
      if v[5] then bumpExecution(v[5], 'scheduled', 'pending') end
      promoted = promoted + 1
    elseif v[1] and KNOWN_STATUS[v[1]] then
      -- stray: the hash is left alone (the ZREM above dropped the entry)
    elseif v[1] or v[2] or v[3] or v[4] or redis.call('EXISTS', key) == 1 then
      queuePending(id, numField(v[2], 0), v[6])
    end
  end
  flushPending()
  return promoted
end
