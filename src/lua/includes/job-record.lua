-- Reading job hashes. Fields equal to their default are not stored (see redis-job-codec.ts).
local function hashToTable(flat)
  local t = {}
  for i = 1, #flat, 2 do
    t[flat[i]] = flat[i + 1]
  end
  return t
end

-- A number, or the default when the field is absent. Callers check malformedFields first.
local function numField(v, default)
  local n = tonumber(v)
  if n == nil then return default end
  return n
end

-- The statuses a job can hold; anything else in `st` is a malformed record.
local KNOWN_STATUS = { pending = true, scheduled = true, running = true, succeeded = true, failed = true, cancelled = true, blocked = true, skipped = true }

-- named as the Job names them, in the order src/modules/queue/memory/memory-job-record.ts checks them
local NUMERIC_FIELDS = { 'attempts', 'maxAttempts', 'priority', 'token' }

-- Why a record cannot be run, or nil when it is sound. Absent fields may be nil or false (HMGET).
local function malformedFields(jobType, st, att, max, pr, tok)
  if not jobType or jobType == '' then return MISSING_TYPE end
  if not st or st == '' then return MISSING_STATUS end
  local nums = { att, max, pr, tok }
  for i = 1, 4 do
    local v = nums[i]
    if v then
      local n = tonumber(v)
      if n == nil or n ~= n or n == math.huge or n == -math.huge then
        return NUMERIC_FIELDS[i] .. NOT_A_NUMBER
      end
    end
  end
  return nil
end
