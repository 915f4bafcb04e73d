-- A schedule's place in the due index (K_SCHEDULES, score = when it is due): at its nextAt
-- unless it is paused or ended (next ''). A claim in flight moves it to its lease's end instead.
local function indexSchedule(h, name)
  local fields = redis.call('HMGET', h, 'p', 'next')
  if fields[1] == '1' or fields[2] == false or fields[2] == '' then
    redis.call('ZREM', K_SCHEDULES, name)
  else
    redis.call('ZADD', K_SCHEDULES, fields[2], name)
  end
end
