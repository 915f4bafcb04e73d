import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Names this process's in-flight refreshes: `${hostname}-${pid}-${random}`, never a space. */
export function newRefresherId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`.replace(/\s/g, '_');
}
