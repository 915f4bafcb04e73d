import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** `${hostname}-${pid}-${random}`: unique per process start, readable in logs and the registry. */
export function newWorkerId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** The id this process claims, heartbeats and registers under. */
export class WorkerIdentity {
  constructor(readonly id: string = newWorkerId()) {}
}
