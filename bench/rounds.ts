import { FIGURE_KEYS, SystemFigures } from './measure-system';

/**
 * bench:compare's rounds: each system runs once per round, the order rotating so that no system
 * always runs first (on a cold machine) or last (after the others warmed it, or heated it); the
 * figures reported are the median over the rounds.
 */

/** The order of round `round`: `names` rotated left by `round` places (r=0: as given). */
export function roundOrder<T>(names: readonly T[], round: number): T[] {
  if (names.length === 0) return [];
  const shift = round % names.length;
  return [...names.slice(shift), ...names.slice(0, shift)];
}

/** The median of the values (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Each figure's median over the rounds, at the precision the figures are reported in (2 decimals at most). */
export function medianFigures(rounds: readonly SystemFigures[]): SystemFigures {
  const out = {} as SystemFigures;
  for (const key of FIGURE_KEYS) out[key] = Number(median(rounds.map((f) => f[key])).toFixed(2));
  return out;
}

/** a / b to 2 decimals (the claimq / BullMQ processing target is >= 3), or NaN when either is missing. */
export function ratio(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined || !(b > 0)) return Number.NaN;
  return Number((a / b).toFixed(2));
}
