-- Mirrors src/domain/backoff.ts exactly. The job's `bo` field is "<e|f>:<delayMs>:<maxDelayMs>"
-- (max may be empty); absent means the default backoff. `r` is the caller's jitter in [0, 1).
local MAX_SAFE_INTEGER = 9007199254740991

local function backoffDelay(bo, attempt, r)
  local strategy, delay, cap = 'e', 1000, 3600000
  if bo ~= nil and bo ~= false and bo ~= '' then
    local s, d, m = string.match(bo, '^(%a):([^:]*):?(.*)$')
    strategy = s or 'e'
    delay = tonumber(d) or 1000
    cap = tonumber(m) or MAX_SAFE_INTEGER
  end
  if strategy == 'f' then return math.min(delay, cap) end
  local exp = math.min(delay * 2 ^ math.max(0, attempt - 1), cap)
  local half = exp / 2
  return math.min(math.floor(half + r * half + 0.5), cap)
end
