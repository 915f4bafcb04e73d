-- unpack() is bounded by Lua's C stack (8000 slots): big batches go out in chunks.
-- The chunk is even so ZADD score/member pairs never split.
local BATCH_CHUNK = 4000

local function callBatched(cmd, key, items)
  local n = #items
  local i = 1
  while i <= n do
    local j = math.min(i + BATCH_CHUNK - 1, n)
    redis.call(cmd, key, unpack(items, i, j))
    i = j + 1
  end
end
