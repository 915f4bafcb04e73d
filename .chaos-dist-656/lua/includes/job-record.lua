-- Reading job hashes. Fields equal to their default are not stored (see redis-job-codec.ts).
local function hashToTable(flat)
  local t = {}
  for i = 1, #flat, 2 do
    t[flat[i]] = flat[i + 1]
  end
  return t
end

local function tableToFlat(t)
  local flat = {}
  for k, v in pairs(t) do
    flat[#flat + 1] = k
    flat[#flat + 1] = tostring(v)
  end
  return flat
end

-- A number, or the default when the field is absent. Callers check malformedReason first.
local function numField(v, default)
  local n = tonumber(v)
  if n == nil then return default end
  return n
end

local NUMERIC_FIELDS = { 'att', 'max', 'pr', 'tok' }

-- Why a record cannot be run, or nil when it is sound.
local function malformedReason(j)
  if j.type == nil or j.type == '' then return 'missing type' end
  if j.st == nil or j.st == '' then return 'missing status' end
  for _, f in ipairs(NUMERIC_FIELDS) do
    local v = j[f]
    if v ~= nil then
      local n = tonumber(v)
      if n == nil or n ~= n or n == math.huge or n == -math.huge then
        return 'non-numeric ' .. f
      end
    end
  end
  return nil
end
