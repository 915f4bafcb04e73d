import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** This process's name in the history consumer groups: unique per start, readable in XINFO. */
export function historyConsumerName(): string {
  return `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}
