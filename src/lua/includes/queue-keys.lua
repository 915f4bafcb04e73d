-- The keys of a script arrive in KEYS, each named K_<NAME> by a prelude the loader writes from the
-- script's entry in SCRIPT_KEYS (src/modules/queue/redis/script-keys.ts): a script gets exactly
-- the keys it uses, all of one queue and so of one hash tag (one slot). Job hashes and worker
-- lease sets are a prefix key (K_JOB, K_WLEASE) plus an id; execution hashes K_EXEC plus an id.
--
-- Every script takes the clock and EVENTS_MAXLEN as its first two arguments (only events-trim.lua
-- reads the second; the positions stay the same in every script).
local NOW = tonumber(ARGV[1])
-- The clock as the caller sent it, for writing: a number passed to redis.call is formatted with
-- %.17g on every call (about 1 us for an epoch in ms), the text is passed as it is.
local NOW_TEXT = ARGV[1]
local EVENTS_MAXLEN = ARGV[2]

-- A whole number as text, formatted once per call: a number passed to redis.call is formatted with
-- %.17g and one joined with `..` with %.14g, each time it is (libc's float formatting); the
-- attempts, tokens, priorities and counts of a call's jobs repeat a few values. Text is passed as it is.
local intTexts = {}
local function asText(v)
  if type(v) ~= 'number' then return v end
  local s = intTexts[v]
  if s == nil then
    s = string.format('%d', v)
    intTexts[v] = s
  end
  return s
end

