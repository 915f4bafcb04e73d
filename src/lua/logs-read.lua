#!lua flags=no-writes
--[[
  logs-read: a page of a job's kept log lines (report.lua writes them), read in one step so a
  trim between reading the numbers and the lines cannot shift the page.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (unused)
  ARGV[2]  EVENTS_MAXLEN (unused)
  ARGV[3]  job id
  ARGV[4]  the first line's number wanted
  ARGV[5]  most lines

  Returns: false when there is no such job; else { lines written in all, the oldest kept line's
  number, the entries from the wanted one on (`<time> US <text>`) }.
]]
--- @include "includes/queue-keys"

local key = K_JOB .. ARGV[3]
local v = redis.call('HMGET', key, 'st', 'lgn', 'lgf')
if not v[1] then return false end
local total = tonumber(v[2] or '0')
local firstKept = tonumber(v[3] or '1')
local start = math.max(0, tonumber(ARGV[4]) - firstKept)
local limit = tonumber(ARGV[5])
local entries = {}
if total > 0 and limit > 0 then entries = redis.call('LRANGE', key .. ':lg', start, start + limit - 1) end
return { total, firstKept, entries }
