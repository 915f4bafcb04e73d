import { JobEvent } from '../../src/domain/job-event';
import { MemoryJobEventSource } from '../../src/modules/queue/events/memory-job-event-source';
import { SourcedJobEvent } from '../../src/modules/queue/events/job-event-source';
import { MemoryEventLog } from '../../src/modules/queue/memory/memory-event-log';
import { HistoryDrain } from '../../src/modules/history/writer/history-drain';

const at = Date.UTC(2026, 10, 25);
const enqueued = (id: string): JobEvent => ({ k: 'enqueued', id, st: 'pending', att: 0, at, type: 't', prio: 0, ctime: at, max: 3 });
const claimed = (id: string): JobEvent => ({ k: 'claimed', id, st: 'running', att: 1, at, w: 'w', run: 1 });
const succeeded = (id: string): JobEvent => ({ k: 'succeeded', id, st: 'succeeded', att: 1, at, w: 'w', run: 1 });

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe('HistoryDrain', () => {
  let drain: HistoryDrain | undefined;
  afterEach(async () => {
    await drain?.stop();
    drain = undefined;
  });

  function start(log: MemoryEventLog, options: { batchSize: number; coalesceMs: number }) {
    const writes: SourcedJobEvent[][] = [];
    drain = new HistoryDrain(new MemoryJobEventSource(log, { pollMs: 5 }), async (events) => {
      writes.push([...events]);
      return { records: 0, attempts: 0, logLines: 0, rejected: [] };
    }, options);
    drain.start();
    return writes;
  }

  it('holds a batch with an unfinished job until the job finishes, then writes its events in one write', async () => {
    const log = new MemoryEventLog();
    const writes = start(log, { batchSize: 500, coalesceMs: 60_000 });
    log.append('q', [enqueued('q-a'), enqueued('q-b'), claimed('q-b'), succeeded('q-b')]);
    await until(() => log.size === 0);
    log.append('q', [claimed('q-a')]);
    await until(() => log.size === 0);
    expect(writes).toEqual([]); // q-a still runs: nothing written yet
    log.append('q', [succeeded('q-a')]);
    await until(() => writes.length > 0);
    expect(writes).toHaveLength(1);
    expect(writes[0].map((e) => `${e.event.id} ${e.event.k}`)).toEqual([
      'q-a enqueued', 'q-b enqueued', 'q-b claimed', 'q-b succeeded', 'q-a claimed', 'q-a succeeded',
    ]);
  });

  it('stores the batches it holds when stopped while coalescing', async () => {
    const log = new MemoryEventLog();
    const writes = start(log, { batchSize: 500, coalesceMs: 60_000 });
    log.append('q', [enqueued('q-a'), claimed('q-a')]);
    await until(() => log.size === 0);
    expect(writes).toEqual([]); // q-a still runs: held
    await drain!.stop();
    drain = undefined;
    expect(writes.map((w) => w.map((e) => `${e.event.id} ${e.event.k}`))).toEqual([['q-a enqueued', 'q-a claimed']]);
  });

  it('writes as read with HISTORY_COALESCE_MS=0', async () => {
    const log = new MemoryEventLog();
    log.append('q', [enqueued('q-a'), claimed('q-a'), enqueued('q-b'), claimed('q-b'), succeeded('q-a'), succeeded('q-b')]);
    const writes = start(log, { batchSize: 4, coalesceMs: 0 });
    await until(() => writes.length >= 2);
    expect(writes.map((w) => w.map((e) => `${e.event.id} ${e.event.k}`))).toEqual([
      ['q-a enqueued', 'q-a claimed', 'q-b enqueued', 'q-b claimed'],
      ['q-a succeeded', 'q-b succeeded'],
    ]);
  });

  it('writes coalesced reads in slices of HISTORY_BATCH that keep each job\'s events together', async () => {
    const log = new MemoryEventLog();
    log.append('q', [enqueued('q-a'), enqueued('q-b'), claimed('q-a'), claimed('q-b'), succeeded('q-a'), succeeded('q-b')]);
    const writes = start(log, { batchSize: 2, coalesceMs: 60_000 });
    await until(() => writes.length >= 2);
    expect(writes.map((w) => w.map((e) => `${e.event.id} ${e.event.k}`))).toEqual([
      ['q-a enqueued', 'q-a claimed', 'q-a succeeded'],
      ['q-b enqueued', 'q-b claimed', 'q-b succeeded'],
    ]);
  });
});
