-- Argument checks, run before a script's first write: an error after a write would leave the
-- store half changed (Redis does not roll a script back).
local function numArg(pos, what)
  local n = tonumber(ARGV[pos])
  if n == nil then error('claimq: ' .. what .. ' (ARGV[' .. pos .. ']) is not a number') end
  return n
end

-- A count or a size: a whole number >= 0.
local function countArg(pos, what)
  local n = numArg(pos, what)
  if n < 0 or n % 1 ~= 0 then error('claimq: ' .. what .. ' (ARGV[' .. pos .. ']) is not a whole number >= 0') end
  return n
end
