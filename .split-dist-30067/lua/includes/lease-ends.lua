--- @include "queue-keys"
--- @include "batch-calls"
-- Leases ended by one script call, removed with one ZREM on the lease set and one SREM per worker.
local leaseEnds = {}
local workerLeaseEnds = {}

local function endLease(id, worker)
  leaseEnds[#leaseEnds + 1] = id
  if worker ~= nil and worker ~= false and worker ~= '' then
    local ids = workerLeaseEnds[worker]
    if ids == nil then
      ids = {}
      workerLeaseEnds[worker] = ids
    end
    ids[#ids + 1] = id
  end
end

local function flushLeaseEnds()
  if #leaseEnds > 0 then callBatched('ZREM', K_LEASES, leaseEnds) end
  for worker, ids in pairs(workerLeaseEnds) do
    callBatched('SREM', K_WLEASE .. worker, ids)
  end
  leaseEnds = {}
  workerLeaseEnds = {}
end
