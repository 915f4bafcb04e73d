import { JobEvent } from '../../src/domain/job-event';
import { SourcedJobEvent } from '../../src/modules/queue/events/job-event-source';
import { eventVersion } from '../../src/modules/queue/events/event-version';

export const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const labels = new Map<string, string>();

/**
 * A job id as claimq makes them (job-id.ts), carrying time `at` (history keys a job by the time in
 * its id) and a tail derived from `label`, so a test names its jobs and gets the same id each time.
 */
export function fixtureId(queue: string, label: string, at = T0): string {
  let time = '';
  for (let ms = at, i = 0; i < 10; i++, ms = Math.floor(ms / 32)) time = ALPHABET[ms % 32] + time;
  let h = 2166136261;
  for (const c of label) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  let tail = '';
  for (let i = 0; i < 10; i++, h = Math.imul(h ^ (h >>> 15), 2654435761) >>> 0) tail += ALPHABET[h >>> 27];
  const id = `${queue}-${time}${tail}`;
  labels.set(id, label);
  return id;
}

/** The label a fixtureId was made from (for readable expectations). */
export const labelOf = (id: string): string => labels.get(id) ?? id;

/** Events of one job in store order, with positions like stream ids (one entry per event). */
export class EventScript {
  readonly events: SourcedJobEvent[] = [];
  private seq = 0;

  constructor(
    readonly queue: string,
    readonly id: string,
    private readonly startVersionMs = T0,
  ) {}

  add(e: Omit<JobEvent, 'id'>): this {
    this.events.push({ queue: this.queue, event: { ...e, id: this.id }, version: eventVersion(this.startVersionMs, this.seq++, 0) });
    return this;
  }
}

/**
 * A job that goes through every event kind: scheduled, promoted, failed and retried, released,
 * cancel asked, lease expired, failed for good, retried by the API, then succeeded. Its five
 * claims are runs 1..5; attempt numbers 2 and 1 are used twice (a release, the API retry).
 * `withRuns: false` writes the events as stores did before run numbers (no `run`).
 */
export function everyKindScript(queue: string, id: string, withRuns = true): EventScript {
  let t = T0;
  const at = () => (t += 1000);
  const r = (run: number) => (withRuns ? { run } : {});
  return new EventScript(queue, id)
    .add({ k: 'enqueued', st: 'scheduled', att: 0, at: T0, type: 'email', prio: 5, ctime: T0, max: 3, exec: 'exec-1' })
    .add({ k: 'promoted', st: 'pending', att: 0, at: at() })
    .add({ k: 'claimed', st: 'running', att: 1, at: at(), w: 'w1', ...r(1) })
    .add({ k: 'retry_scheduled', st: 'scheduled', att: 1, at: at(), w: 'w1', ...r(1), err: 'boom 1' })
    .add({ k: 'promoted', st: 'pending', att: 1, at: at() })
    .add({ k: 'claimed', st: 'running', att: 2, at: at(), w: 'w2', ...r(2) })
    .add({ k: 'released', st: 'pending', att: 1, at: at(), w: 'w2', ...r(2) })
    .add({ k: 'claimed', st: 'running', att: 2, at: at(), w: 'w3', ...r(3) })
    .add({ k: 'cancel_requested', st: 'running', att: 2, at: at(), w: 'w3' })
    .add({ k: 'expired', st: 'pending', att: 2, at: at(), w: 'w3', ...r(3), err: 'lease expired' })
    .add({ k: 'claimed', st: 'running', att: 3, at: at(), w: 'w4', ...r(4) })
    .add({ k: 'failed', st: 'failed', att: 3, at: at(), w: 'w4', ...r(4), err: 'boom 3' })
    .add({ k: 'retried', st: 'pending', att: 0, at: at() })
    .add({ k: 'claimed', st: 'running', att: 1, at: at(), w: 'w5', ...r(5) })
    .add({ k: 'succeeded', st: 'succeeded', att: 1, at: at(), w: 'w5', ...r(5), res: '{"sent":true,"n":2}' });
}

/** Fisher-Yates with a seeded generator, so a failing permutation can be replayed. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0 || 1;
  const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
