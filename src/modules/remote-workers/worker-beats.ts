import { WorkerInfo } from '../../domain/worker-info';
import { errorText, HeldLeases, JobQueue, WorkerDirectory } from '../queue';

/** What a remote worker says about itself (docs/remote-workers.md). */
export interface RemoteWorkerInfo {
  host?: string;
  pid?: number;
  language?: string;
  version?: string;
  concurrency?: number;
}

/** One heartbeat (or first claim) of a remote worker, as the registry needs it. */
export interface Beat {
  workerId: string;
  info: RemoteWorkerInfo;
  /** The queues it works, and per queue the ids of the jobs it holds. */
  held: ReadonlyMap<string, readonly string[]>;
  /** When this process heard it (its clock). */
  at: number;
}

export interface WorkerBeatsLogger {
  warn(message: object): void;
}

/** Workers remembered at once, at most (their first sight and start time); the oldest go first. */
const MAX_KNOWN = 100_000;

/**
 * The registry writes of remote workers, batched per API process. A worker's first sight is
 * written at once (registered in its queues and published for GET /workers, so the reaper can
 * return its jobs should it die straight away). After that its heartbeats are collected and
 * written together every `flushMs`: one register per queue for every worker heard since the last
 * flush, one publish for all of them, and one look per queue for leases they did not name (claims
 * whose reply never reached them), which are released. That look covers only the workers this
 * process handed jobs to since their last look (a lost reply can only have come from a claim that
 * took jobs), so idle workers cost the store a few commands per flush, however many they are,
 * where one write per heartbeat each would cost one per worker. (A claim served here whose worker
 * then beats only to other API processes is not looked at: its lease ends at LEASE_MS, as an
 * expired one.) `flushMs` stays well inside WORKER_DEAD_MS - HEARTBEAT_MS, so no live worker looks
 * silent to the reaper.
 */
export class WorkerBeats {
  private pending = new Map<string, Beat>();
  private readonly startedAt = new Map<string, number>();
  /** Workers this process handed jobs to since their last look for strays: per worker, per queue, when last. */
  private readonly claimed = new Map<string, Map<string, number>>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly jobs: JobQueue,
    private readonly workers: WorkerDirectory,
    private readonly logger: WorkerBeatsLogger,
    /** A lease claimed less than this long before a heartbeat may have its reply still on the way. */
    private readonly heartbeatMs: number,
    flushMs: number,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** This process handed jobs of `queue` to the worker: its next beats are looked at for strays there. */
  handedOut(workerId: string, queue: string, at: number): void {
    let queues = this.claimed.get(workerId);
    if (!queues) {
      if (this.claimed.size >= MAX_KNOWN) this.claimed.delete(this.claimed.keys().next().value as string);
      this.claimed.set(workerId, (queues = new Map()));
    }
    queues.set(queue, at);
  }

  /** A worker that left: nothing more is written for it. */
  forget(workerId: string): void {
    this.pending.delete(workerId);
    this.claimed.delete(workerId);
    this.startedAt.delete(workerId);
  }

  /** Whether this process has written the worker's first sight. */
  known(workerId: string): boolean {
    return this.startedAt.has(workerId);
  }

  /** A worker was heard from: its first sight is written now, later ones at the next flush. */
  async heard(beat: Beat): Promise<void> {
    if (this.known(beat.workerId)) {
      this.pending.set(beat.workerId, beat);
      return;
    }
    if (this.startedAt.size >= MAX_KNOWN) this.startedAt.delete(this.startedAt.keys().next().value as string);
    this.startedAt.set(beat.workerId, beat.at);
    try {
      await this.write([beat], false);
    } catch (err) {
      // written with the next flush instead; the request that brought it still answers
      this.startedAt.delete(beat.workerId);
      throw err;
    }
  }

  /** Writes what was heard since the last flush; resolves when written (shutdown, tests). */
  flush(): Promise<void> {
    const beats = [...this.pending.values()];
    this.pending = new Map();
    if (beats.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() =>
      this.write(beats, true).catch((err: unknown) => {
        this.logger.warn({ msg: 'writing remote workers\' heartbeats failed; the next flush writes them again', workers: beats.length, error: errorText(err) });
        // the newer beat of a worker heard meanwhile wins
        for (const beat of beats) if (!this.pending.has(beat.workerId)) this.pending.set(beat.workerId, beat);
      }),
    );
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(beats: Beat[], lookForStrays: boolean): Promise<void> {
    const byQueue = new Map<string, Beat[]>();
    for (const beat of beats) {
      for (const queue of beat.held.keys()) {
        let list = byQueue.get(queue);
        if (!list) byQueue.set(queue, (list = []));
        list.push(beat);
      }
    }
    // a lease claimed less than a heartbeat before the earliest of these beats may be on its way
    const claimedBefore = Math.min(...beats.map((beat) => beat.at)) - this.heartbeatMs;
    await Promise.all([
      this.workers.publish(...beats.map((beat) => this.infoOf(beat))),
      ...[...byQueue].map(async ([queue, queueBeats]) => {
        await this.workers.register(queue, ...queueBeats.map((beat) => beat.workerId));
        if (lookForStrays) await this.releaseStrays(queue, queueBeats, claimedBefore);
      }),
    ]);
  }

  private async releaseStrays(queue: string, beats: Beat[], claimedBefore: number): Promise<void> {
    const looked = beats.filter((beat) => this.claimed.get(beat.workerId)?.has(queue));
    if (looked.length === 0) return;
    const held: HeldLeases[] = looked.map((beat) => ({ workerId: beat.workerId, heldIds: beat.held.get(queue) ?? [] }));
    const strays = await this.jobs.strayLeases(queue, held, claimedBefore);
    // a claim older than the cutoff has had its look; a later one waits for the next flush
    for (const beat of looked) {
      const queues = this.claimed.get(beat.workerId);
      if (queues && (queues.get(queue) ?? Infinity) < claimedBefore) queues.delete(queue);
      if (queues?.size === 0) this.claimed.delete(beat.workerId);
    }
    if (strays.length === 0) return;
    this.logger.warn({
      msg: 'releasing leases remote workers do not hold (claim replies lost on the way)',
      queue,
      leases: strays.map((lease) => ({ jobId: lease.id, workerId: lease.workerId })),
    });
    await this.jobs.release(queue, strays);
  }

  private infoOf(beat: Beat): WorkerInfo {
    const { info } = beat;
    const concurrency = info.concurrency ?? 0;
    let leasesHeld = 0;
    for (const ids of beat.held.values()) leasesHeld += ids.length;
    const published: WorkerInfo = {
      id: beat.workerId,
      host: info.host ?? 'unknown',
      pid: info.pid ?? 0,
      version: info.version ?? 'unknown',
      startedAt: this.startedAt.get(beat.workerId) ?? beat.at,
      queues: [...beat.held.keys()],
      slots: { busy: Math.min(leasesHeld, concurrency), total: concurrency },
      leasesHeld,
    };
    if (info.language !== undefined) published.language = info.language;
    return published;
  }
}
