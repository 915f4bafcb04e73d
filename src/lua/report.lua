#!lua flags=allow-oom
--[[
  report: a running job's progress and log lines (src/domain/job-progress.ts), for many jobs at
  once. An item is applied only while its lease is current (the job is running and its token
  matches); otherwise it is 'stale' and changes nothing.

  KEYS: the keys script-keys.ts (src/modules/queue/redis) lists for this script, by name.

  ARGV[1]  now (epoch ms)
  ARGV[2]  EVENTS_MAXLEN (unused: events-trim.lua bounds the stream)
  ARGV[3]  log lines kept per job (JOB_LOG_LINES)
  ARGV[4]  the call's id: written on each job it applies to (field rid), so the same call sent
           again (ioredis resends a command whose reply was lost) finds it there and answers 'ok'
           without writing the lines or the events a second time
  then per item: job id, token, progress JSON ('' = none), the number n of log lines, the n lines

  Progress: the job's fields pg (the JSON) and pga (when). Log lines: the list K_JOB .. id .. ':lg',
  one entry per line, `<time> US <text>`, the newest ARGV[3] kept (LTRIM); the job's fields lgn
  (lines written in all: the last line's number, lines numbered from 1 over the job's life) and
  lgf (the number of the oldest line kept). trim.lua and complete.lua's delete on success remove
  the list with the job.
  Each applied item adds its events (progress: data = the JSON; log: data = JSON
  [first line's number, lines...]) to the queue's stream, in one entry per call (same format as
  includes/events.lua: `t`, then kind / `id US st US att US w US run US data`).

  Returns: per item 'ok' or 'stale'.
]]
--- @include "includes/queue-keys"
--- @include "includes/batch-calls"

local SEP = '\31'
local keep = tonumber(ARGV[3])
local callId = ARGV[4]
local out = {}
local fields = {}
local i = 5
while i <= #ARGV do
  local id, token, progress, n = ARGV[i], ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  local key = K_JOB .. id
  local v = redis.call('HMGET', key, 'st', 'tok', 'att', 'w', 'lgn', 'lgf', 'rid')
  if v[1] == 'running' and tonumber(v[2]) == tonumber(token) and v[7] == callId then
    -- this very call, applied before
    out[#out + 1] = 'ok'
  elseif v[1] == 'running' and tonumber(v[2]) == tonumber(token) then
    redis.call('HSET', key, 'rid', callId)
    local head = id .. SEP .. 'running' .. SEP .. (v[3] or '0') .. SEP .. (v[4] or '') .. SEP .. v[2] .. SEP
    if progress ~= '' then
      redis.call('HSET', key, 'pg', progress, 'pga', NOW_TEXT)
      fields[#fields + 1] = 'progress'
      fields[#fields + 1] = head .. progress
    end
    if n > 0 then
      local total = tonumber(v[5] or '0')
      local first = total + 1
      local entries = {}
      local lines = { first }
      for k = 1, n do
        local line = ARGV[i + 3 + k]
        entries[k] = NOW_TEXT .. SEP .. line
        lines[k + 1] = line
      end
      local list = key .. ':lg'
      local firstKept = tonumber(v[6] or '1')
      total = total + n
      if keep <= 0 then
        -- none kept (JOB_LOG_LINES=0): counted and streamed only, and what a larger bound kept goes
        if v[5] then redis.call('DEL', list) end
        firstKept = total + 1
      else
        callBatched('RPUSH', list, entries)
        if total - firstKept + 1 > keep then
          redis.call('LTRIM', list, -keep, -1)
          firstKept = total - keep + 1
        end
      end
      redis.call('HSET', key, 'lgn', total, 'lgf', firstKept)
      fields[#fields + 1] = 'log'
      fields[#fields + 1] = head .. cjson.encode(lines)
    end
    out[#out + 1] = 'ok'
  else
    out[#out + 1] = 'stale'
  end
  i = i + 4 + n
end
-- one entry per call, at most 2,000 events each (includes/events.lua's EVENTS_PER_ENTRY)
local from = 1
while from <= #fields do
  local to = math.min(from + 3999, #fields)
  redis.call('XADD', K_EVENTS, '*', 't', NOW_TEXT, unpack(fields, from, to))
  from = to + 1
end
return out
