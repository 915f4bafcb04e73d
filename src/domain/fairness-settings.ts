/**
 * The rules of fairness settings as any caller gives them (the API checks the same with its DTOs
 * first; code that embeds claimq reaches these only): plain TypeScript, throwing
 * InvalidJobSpecError naming the field, so every entry point refuses with the same words.
 */
import { InvalidJobSpecError } from './errors';
import {
  DEFAULT_GROUP,
  GroupSettingsPatch,
  MAX_GROUP_CONCURRENCY,
  MAX_GROUPS_PAGE,
  MAX_RATE_LIMIT_MAX,
  MAX_RATE_LIMIT_PER_MS,
  MIN_RATE_LIMIT_PER_MS,
  QueueSettingsPatch,
  RateLimit,
} from './fairness';
import { NAME_PATTERN } from './job';

const isIntIn = (value: unknown, min: number, max: number): boolean => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** A group's name as the stores take it: NAME_PATTERN, or '' for the default group. */
export function checkGroupName(group: string, field = 'group'): void {
  if (group !== DEFAULT_GROUP && !(typeof group === 'string' && NAME_PATTERN.test(group))) {
    throw new InvalidJobSpecError(field, 'must match [A-Za-z0-9_.:-]{1,100}');
  }
}

/** A page size of the groups listing. */
export function checkGroupsPageLimit(limit: number, field = 'limit'): void {
  if (!isIntIn(limit, 1, MAX_GROUPS_PAGE)) throw new InvalidJobSpecError(field, `must be an integer from 1 to ${MAX_GROUPS_PAGE}`);
}

export function checkQueueSettingsPatch(patch: QueueSettingsPatch): void {
  checkConcurrency(patch.groupConcurrency, 'groupConcurrency');
  checkRateLimit(patch.rateLimit, 'rateLimit');
}

export function checkGroupSettingsPatch(patch: GroupSettingsPatch): void {
  checkConcurrency(patch.concurrency, 'concurrency');
  checkRateLimit(patch.rateLimit, 'rateLimit');
  if (patch.paused !== undefined && typeof patch.paused !== 'boolean') throw new InvalidJobSpecError('paused', 'must be a boolean');
}

/** A cap: left out (undefined), cleared (null), or 1 to MAX_GROUP_CONCURRENCY. */
function checkConcurrency(value: number | null | undefined, field: string): void {
  if (value === undefined || value === null) return;
  if (!isIntIn(value, 1, MAX_GROUP_CONCURRENCY)) throw new InvalidJobSpecError(field, `must be null or an integer from 1 to ${MAX_GROUP_CONCURRENCY}`);
}

/** A rate limit: left out, cleared (null), or {max, perMs} within their bounds. */
function checkRateLimit(value: RateLimit | null | undefined, field: string): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) throw new InvalidJobSpecError(field, 'must be null or an object with max and perMs');
  if (!isIntIn(value.max, 1, MAX_RATE_LIMIT_MAX)) throw new InvalidJobSpecError(`${field}.max`, `must be an integer from 1 to ${MAX_RATE_LIMIT_MAX}`);
  if (!isIntIn(value.perMs, MIN_RATE_LIMIT_PER_MS, MAX_RATE_LIMIT_PER_MS)) {
    throw new InvalidJobSpecError(`${field}.perMs`, `must be an integer from ${MIN_RATE_LIMIT_PER_MS} to ${MAX_RATE_LIMIT_PER_MS}`);
  }
}
