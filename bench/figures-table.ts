import { FIGURE_KEYS, SystemFigures } from './measure-system';

/** A fixed-width table of figures, one column per system, for stderr. */
export function figuresTable(results: Record<string, SystemFigures>): string {
  const names = Object.keys(results);
  const width = 17;
  const head = 'metric'.padEnd(28) + names.map((n) => n.padStart(width)).join('');
  const rows = FIGURE_KEYS.map((key) => key.padEnd(28) + names.map((n) => String(results[n][key]).padStart(width)).join(''));
  return [head, '-'.repeat(head.length), ...rows].join('\n');
}
