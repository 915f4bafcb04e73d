-- Mirrors src/domain/backoff.ts exactly. The job's `bo` field is "<e|f>:<delayMs>:<maxDelayMs>"
-- (max may be empty); absent means the default backoff, DEFAULT_BACKOFF in the same form
-- (generated from the TypeScript: lua-constants.ts). `r` is the caller's jitter in [0, 1).
local MAX_SAFE_INTEGER = 9007199254740991

local function parseBackoff(bo)
  local s, d, m = string.match(bo, '^(%a):([^:]*):?(.*)$')
  return s, tonumber(d), tonumber(m) or MAX_SAFE_INTEGER
end

local DEFAULT_STRATEGY, DEFAULT_DELAY, DEFAULT_CAP = parseBackoff(DEFAULT_BACKOFF)

local function backoffDelay(bo, attempt, r)
  local strategy, delay, cap = DEFAULT_STRATEGY, DEFAULT_DELAY, DEFAULT_CAP
  if bo ~= nil and bo ~= false and bo ~= '' then
    local s, d, m = parseBackoff(bo)
    strategy = s or DEFAULT_STRATEGY
    delay = d or DEFAULT_DELAY
    cap = m
  end
  if strategy == 'f' then return math.min(delay, cap) end
  local exp = math.min(delay * 2 ^ math.max(0, attempt - 1), cap)
  local half = exp / 2
  return math.min(math.floor(half + r * half + 0.5), cap)
end
