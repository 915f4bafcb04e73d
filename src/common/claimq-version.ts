import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

let cached: string | undefined;

/**
 * claimq's own version, from its package.json: two levels up from this file, both in src/common
 * and in dist/common (the build mirrors src), and in an installed package. 'unknown' when it
 * cannot be read. Read once.
 */
export function claimqVersion(): string {
  if (cached !== undefined) return cached;
  try {
    const pkg = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    cached = pkg.name === 'claimq' && typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    cached = 'unknown';
  }
  return cached;
}
