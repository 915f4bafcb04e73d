-- One run, newest first, the latest SCHEDULE_RUNS_KEPT (20, src/domain/schedule.ts) kept: 'fireAt jobId' (+ ' t': a trigger).
local function pushRun(h, fireAt, jobId, trigger)
  local entry = fireAt .. ' ' .. jobId
  if trigger == '1' then entry = entry .. ' t' end
  redis.call('LPUSH', h .. ':runs', entry)
  redis.call('LTRIM', h .. ':runs', 0, 19)
  redis.call('HSET', h, 'last', jobId)
end
