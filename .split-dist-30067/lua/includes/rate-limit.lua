--- @include "queue-keys"
-- Token buckets as GCRA, as src/domain/fairness.ts computes them (tokensAvailable, takeTokens,
-- nextTokenAt): `tat` is when the bucket is full again (nil or in the past: full); `max` tokens per
-- `per` ms, and a full bucket holds `max`.
local BUCKET_EPSILON = 1e-6

local function tokensAvailable(tat, max, per)
  local interval = per / max
  local from = math.max(tat or NOW, NOW)
  local n = math.floor((NOW + per - from) / interval + BUCKET_EPSILON)
  if n < 0 then return 0 end
  if n > max then return max end
  return n
end

local function takeTokens(tat, max, per, taken)
  return math.max(tat or NOW, NOW) + taken * per / max
end

local function nextTokenAt(tat, max, per)
  if tokensAvailable(tat, max, per) > 0 then return NOW end
  return math.max(NOW, math.ceil((tat or NOW) + per / max - per - BUCKET_EPSILON))
end

local function formatTat(tat)
  return string.format('%.17g', tat)
end

