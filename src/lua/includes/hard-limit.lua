--- @include "queue-keys"
-- The hard time limit of a running attempt, as src/domain/hard-time-limit.ts computes it:
-- startedAt + timeoutMs + grace. No lease is granted or renewed past it, so a job that hangs
-- while its worker still heartbeats loses its lease there and the reaper ends the attempt.
-- DEFAULT_TIMEOUT_MS and HARD_LIMIT_ERROR are generated from the TypeScript (lua-constants.ts).

-- `stt` and `tmo` as the job hash holds them (tmo absent = the default; damaged = the default).
local function hardDeadline(stt, tmo, grace)
  return (tonumber(stt) or NOW) + (tonumber(tmo) or DEFAULT_TIMEOUT_MS) + grace
end
