import { NAME_PATTERN } from './job';

/** The queues a worker key may work: every queue ('*'), or these. */
export type WorkerKeyQueues = '*' | ReadonlySet<string>;

/** An API_KEYS_WORKER entry: a key that may only claim, heartbeat and settle, in its queues. */
export interface WorkerKey {
  key: string;
  queues: WorkerKeyQueues;
}

/** A key's characters: printable ASCII but space and comma, at least 16 (API_KEYS' rule). */
const KEY_PATTERN = /^[!-+\--~]{16,}$/;

/**
 * Parses one API_KEYS_WORKER entry, `<key>@<queues>`: `<queues>` is `*` or queue names joined by
 * `|`. The key is everything before the last `@` (a key may hold one; a queue name cannot).
 * Throws an Error that never shows the key.
 */
export function parseWorkerKey(entry: string, index: number): WorkerKey {
  const at = entry.lastIndexOf('@');
  const where = `API_KEYS_WORKER entry ${index + 1}`;
  if (at < 0) throw new Error(`${where}: must be <key>@<queues>, <queues> being * or queue names joined by |`);
  const key = entry.slice(0, at);
  const scope = entry.slice(at + 1);
  if (!KEY_PATTERN.test(key)) throw new Error(`${where}: the key must be at least 16 printable characters without spaces or commas`);
  if (scope === '*') return { key, queues: '*' };
  const names = scope.split('|');
  const bad = names.find((name) => !NAME_PATTERN.test(name));
  if (bad !== undefined) throw new Error(`${where}: queue ${JSON.stringify(bad)} must be * or match [A-Za-z0-9_.:-]{1,100}`);
  return { key, queues: new Set(names) };
}

/** Whether a worker key of `queues` may work `queue`. */
export function workerKeyCovers(queues: WorkerKeyQueues, queue: string): boolean {
  return queues === '*' || queues.has(queue);
}
