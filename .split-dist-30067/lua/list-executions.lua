#!lua flags=no-writes
--[[
  list-executions: a page of the queue's executions, newest first: by creation time (the score
  in K_EXEC_ALL), then by id, both descending (the order ZREVRANGE gives). Read-only.

  A page resumes after a position (score, id), not at an offset: executions created meanwhile
  sort before it and executions trimmed meanwhile (even the one the position names) leave it
  where it was, so paging neither skips nor repeats one. A partitioned queue resumes every
  partition after the same position, so one position merges them all.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms, unused)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  the score of the position to resume after ('' = from the newest)
  ARGV[4]  the id of that position
  ARGV[5]  how many executions at most

  Returns: { id, score, the counters hash as field, value, ... } per execution, in page order.
  Invariant: nothing changes.
]]
--- @include "includes/queue-keys"

-- a >= b as Redis orders members (bytes, as memcmp): Lua's own `<` on strings follows the locale
local function atOrAfter(a, b)
  local n = math.min(#a, #b)
  for i = 1, n do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then return x > y end
  end
  return #a >= #b
end

local limit = tonumber(ARGV[5])
local entries
if ARGV[3] == '' then
  entries = redis.call('ZREVRANGE', K_EXEC_ALL, 0, limit - 1, 'WITHSCORES')
elseif redis.call('ZSCORE', K_EXEC_ALL, ARGV[4]) then
  -- the position's execution is still listed: the page starts right after its rank
  local rank = redis.call('ZREVRANK', K_EXEC_ALL, ARGV[4])
  entries = redis.call('ZREVRANGE', K_EXEC_ALL, rank + 1, rank + limit, 'WITHSCORES')
else
  -- it was trimmed since: entries of the position's own score come first, ids descending, and
  -- those at or after its id were on the pages before. Executions created in one ms are few
  -- (each is a script call of its own); at most SAME_MS_WINDOW are looked at.
  local SAME_MS_WINDOW = 10000
  local skip = 0
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', K_EXEC_ALL, ARGV[3], ARGV[3], 'LIMIT', 0, SAME_MS_WINDOW)) do
    if atOrAfter(member, ARGV[4]) then skip = skip + 1 end
  end
  entries = redis.call('ZREVRANGEBYSCORE', K_EXEC_ALL, ARGV[3], '-inf', 'WITHSCORES', 'LIMIT', skip, limit)
end
local out = {}
for i = 1, #entries, 2 do
  out[#out + 1] = { entries[i], entries[i + 1], redis.call('HGETALL', K_EXEC .. entries[i]) }
end
return out
