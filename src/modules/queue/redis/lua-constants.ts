import { HARD_TIME_LIMIT_ERROR, LEASE_EXPIRED_ERROR, WORKER_SILENT_ERROR_PARTS } from '../../../domain/hard-time-limit';
import { DEFAULT_BACKOFF, DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_MS } from '../../../domain/job';
import { MALFORMATION, MALFORMED_RECORD_ERROR } from '../../../domain/job-lifecycle';
import { encodeBackoff } from './redis-job-codec';

/**
 * The values the Lua scripts share with the TypeScript that decides: each script that names one
 * gets `local NAME = value` in its prelude (redis-scripts.ts, withPreludes), written from here at
 * load time, so src/lua never holds a copy (lua-constants.spec.ts refuses one).
 */
export const LUA_CONSTANTS = {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_TIMEOUT_MS,
  /** The default backoff as a job hash's `bo` field holds a backoff. */
  DEFAULT_BACKOFF: encodeBackoff(DEFAULT_BACKOFF),
  HARD_LIMIT_ERROR: HARD_TIME_LIMIT_ERROR,
  EXPIRED_ERROR: LEASE_EXPIRED_ERROR,
  MALFORMED_PREFIX: `${MALFORMED_RECORD_ERROR}: `,
  MISSING_TYPE: MALFORMATION.missingType,
  MISSING_STATUS: MALFORMATION.missingStatus,
  NOT_A_NUMBER: MALFORMATION.notANumber,
  WORKER_SILENT_BEFORE: WORKER_SILENT_ERROR_PARTS[0],
  WORKER_SILENT_AFTER: WORKER_SILENT_ERROR_PARTS[1],
} as const satisfies Record<string, number | string>;

export type LuaConstantName = keyof typeof LUA_CONSTANTS;

/** A Lua literal of `value`: an integer, or a string of printable ASCII in single quotes. */
export function luaLiteral(value: number | string): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`a Lua constant must be a safe integer, not ${value}`);
    return String(value);
  }
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`a Lua constant must be printable ASCII: ${JSON.stringify(value)}`);
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `local NAME = value` for every constant `lua` names (a whole word), in LUA_CONSTANTS order. */
export function constantsPrelude(lua: string): string {
  return Object.entries(LUA_CONSTANTS)
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(lua))
    .map(([name, value]) => `local ${name} = ${luaLiteral(value)}`)
    .join('\n');
}
