import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { isFinal, JobStatus } from '../../domain/job';
import { JobEvent, JobEventKind } from '../../domain/job-event';
import { queueOfJobId } from '../../domain/job-id';
import { decodeLogData } from '../../domain/job-progress';
import { AtCapacityError, JobNotFoundError } from '../../domain/errors';
import { partitionName } from '../../domain/queue-partition';
import { FeedBatch, parseStoredJson } from '../queue';
import { AcceptedQueues } from './accepted-queues';
import { HubSeat, JobEventHub } from './job-event-hub';
import { presentHistoryJob } from './job-history.presenter';
import { JobHistoryService } from './job-history.service';
import { presentJob } from './job.presenter';
import { MAX_LAST_EVENT_ID_LENGTH } from './job-limits';

/** Most feed batches (stream entries) a resume reads per store queue; beyond them it sends `gap`. */
export const STREAM_REPLAY_BATCHES = 1_000;

/** How often an idle stream gets a comment line, so proxies and load balancers keep it open. */
export const STREAM_KEEPALIVE_MS = 15_000;

/**
 * Bytes a stream may have waiting for a client that reads slower than its live events come: beyond
 * it the stream ends, and the client resumes with Last-Event-ID (from the feed, which is bounded)
 * rather than this process holding its backlog. A replay (after Last-Event-ID) goes at the client's
 * pace instead: it waits for what it wrote to drain.
 */
export const STREAM_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The id of a job stream's `end` event: a reconnect that sends it is answered 204 (EventSource stops). */
export const END_EVENT_ID = 'end';

/** What the OpenAPI document says of every stream's ids, resume and shutdown. */
export const STREAM_API_DOC =
  'Each event\'s data is one JSON object. An `id:` line marks a resume point; send it back as Last-Event-ID (EventSource does) to get what came after it, or a `gap` event where the feed no longer holds it all. A comment line every 15 s keeps the connection open; at shutdown the stream ends and the client resumes on another instance. An instance holding STREAMS_MAX streams answers one more with 503 and Retry-After: 1.';

/** The resume point a request names: the Last-Event-ID header, else `?lastEventId=`. */
export function lastEventIdOf(req: Request, query: string | undefined): string | undefined {
  const header = req.headers['last-event-id'];
  return typeof header === 'string' && header !== '' ? header.slice(0, MAX_LAST_EVENT_ID_LENGTH) : query;
}

/** What a queue stream passes on: the kinds and the statuses after the change (undefined: all). */
export interface QueueStreamFilter {
  types?: ReadonlySet<JobEventKind>;
  states?: ReadonlySet<JobStatus>;
}

/** Bytes a replay lets wait for the client before it waits for them to drain. */
const REPLAY_HIGH_WATER_BYTES = 256 * 1024;

/** One open response: `text/event-stream`, written as events come. */
class EventStream {
  private ended = false;
  /** Set once the stream sends live events: from then on, a client too slow for them ends it. */
  live = false;

  constructor(
    private readonly res: Response,
    private readonly onEnd: () => void,
  ) {}

  get open(): boolean {
    return !this.ended;
  }

  /** One event; `id` (a resume point) is set on the last event written for a batch. */
  send(event: string, data: string, id?: string): void {
    if (this.ended) return;
    this.res.write(id === undefined ? `event: ${event}\ndata: ${data}\n\n` : `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`);
    if (this.live && this.res.writableLength > STREAM_MAX_BUFFERED_BYTES) this.end();
  }

  /** A replay's pace: resolves once the client has taken what waits for it (or the stream ended). */
  async drained(): Promise<void> {
    if (this.ended || this.res.writableLength <= REPLAY_HIGH_WATER_BYTES) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.once('drain', done);
      this.res.once('close', done);
    });
  }

  comment(text: string): void {
    if (!this.ended) this.res.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd();
    this.res.end();
  }
}

/**
 * Server-sent event streams of a job's and a queue's events (GET /jobs/:id/events, GET
 * /queues/:name/events), on this process's one reader of the live feed (JobEventHub): a stream
 * listens by job id or to its queue's batches, so no Redis command is spent per stream per event.
 *
 * Ids: a job stream's id is its store queue's feed position (a Redis stream entry id); a queue
 * stream's, the positions of its partitions joined by commas. `Last-Event-ID` (the header
 * EventSource sends on reconnect, or `?lastEventId=`) replays the events after it from the feed
 * (XRANGE), then the stream goes on live; where the feed no longer holds them all, a `gap` event
 * says so. A job stream starts with its job's state (`state`) read after listening, so nothing
 * falls between the read and the live events, and ends (`end`, id `end`) once the job has ended.
 */
@Injectable()
export class JobStreams implements OnModuleDestroy {
  private readonly streams = new Set<EventStream>();
  /** Streams open or being opened (STREAMS_MAX bounds it). */
  private held = 0;
  private readonly accepted: AcceptedQueues;
  private keepalive: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly hub: JobEventHub,
    private readonly history: JobHistoryService,
    private readonly config: AppConfig,
  ) {
    this.accepted = new AcceptedQueues(config.queues);
  }

  /** A job's stream. 404 (thrown before anything is written) when neither store nor history knows it. */
  async job(id: string, lastEventId: string | undefined, req: Request, res: Response): Promise<void> {
    if (lastEventId === END_EVENT_ID) {
      res.status(204).end();
      return;
    }
    const queue = queueOfJobId(id);
    if (queue === undefined) throw new JobNotFoundError(id);
    return this.holding(res, () => this.openJob(id, queue, lastEventId, req, res));
  }

  private async openJob(id: string, queue: string, lastEventId: string | undefined, req: Request, res: Response): Promise<void> {
    // heard before the stream is ready: kept, then sent after the state
    const early: Array<[JobEvent, string, boolean]> = [];
    let live: ((event: JobEvent, position: string, last: boolean) => void) | undefined;
    // current: the state read below is no newer than the seat's position, so the replay up to it
    // comes before the state and the live events after it come after
    const seat = await this.hub.onJob(queue, id, (event, position, last) => (live ? live(event, position, last) : early.push([event, position, last])), { current: true });
    let found;
    try {
      found = await this.history.find(id);
    } catch (error) {
      seat.leave();
      throw error;
    }
    const stream = this.open(req, res, [seat]);
    if (lastEventId !== undefined) {
      const replay = await this.replay(queue, lastEventId, seat.position);
      for (const batch of replay?.batches ?? []) {
        const mine = batch.events.filter((event) => event.id === id);
        mine.forEach((event, i) => stream.send(event.k, eventData(event), i === mine.length - 1 ? batch.position : undefined));
        await stream.drained();
      }
      if (!replay?.complete) stream.send('gap', JSON.stringify({ reason: 'the events after Last-Event-ID are no longer all kept; the state that follows is current' }));
    }
    const job = found.source === 'store' ? presentJob(found.job) : presentHistoryJob(found.record);
    stream.live = true;
    stream.send('state', JSON.stringify(job), seat.position);
    if (isFinal(job.status as JobStatus)) return this.finish(stream);
    live = (event, position, last) => {
      stream.send(event.k, eventData(event), last ? position : undefined);
      if (isFinal(event.st)) this.finish(stream);
    };
    for (const [event, position, last] of early) live(event, position, last);
  }

  /** A queue's stream (every partition's events), filtered. 400 naming `name` for a queue not in QUEUES. */
  async queue(name: string, filter: QueueStreamFilter, lastEventId: string | undefined, req: Request, res: Response): Promise<void> {
    this.accepted.check(name, 'name');
    return this.holding(res, () => this.openQueue(name, filter, lastEventId, req, res));
  }

  /** Streams open now (and being opened). */
  get openStreams(): number {
    return this.held;
  }

  /**
   * Runs `open` holding one of STREAMS_MAX places, kept until the response closes: one stream more
   * than that is 503 with Retry-After: 1, before anything is written.
   */
  private async holding(res: Response, open: () => Promise<void>): Promise<void> {
    if (this.held >= this.config.streamsMax) {
      throw new AtCapacityError(`this process holds ${this.config.streamsMax} event streams, its most (STREAMS_MAX)`);
    }
    this.held++;
    let released = false;
    const release = (): void => {
      if (!released) {
        released = true;
        this.held--;
      }
    };
    res.once('close', release);
    try {
      await open();
    } catch (error) {
      release();
      throw error;
    }
  }

  private async openQueue(name: string, filter: QueueStreamFilter, lastEventId: string | undefined, req: Request, res: Response): Promise<void> {
    const parts = Array.from({ length: this.config.queuePartitions.get(name) ?? 1 }, (_, k) => partitionName(name, k));
    const early: Array<[number, FeedBatch]> = [];
    let live: ((k: number, batch: FeedBatch) => void) | undefined;
    const seats: HubSeat[] = [];
    try {
      for (let k = 0; k < parts.length; k++) {
        const part = k;
        seats.push(await this.hub.onQueue(parts[k], (batch) => (live ? live(part, batch) : early.push([part, batch]))));
      }
    } catch (error) {
      for (const seat of seats) seat.leave();
      throw error;
    }
    const stream = this.open(req, res, seats);
    const positions = seats.map((seat) => seat.position);
    const passes = (event: JobEvent): boolean => (!filter.types || filter.types.has(event.k)) && (!filter.states || filter.states.has(event.st));
    const sendBatch = (at: string[], k: number, batch: FeedBatch): void => {
      at[k] = batch.position;
      const shown = batch.events.filter(passes);
      shown.forEach((event, i) => stream.send(event.k, eventData(event), i === shown.length - 1 ? at.join(',') : undefined));
    };
    if (lastEventId !== undefined) {
      const from = lastEventId.split(',');
      let complete = from.length === parts.length;
      if (complete) {
        const at = [...from];
        for (let k = 0; k < parts.length && stream.open; k++) {
          const replay = await this.replay(parts[k], from[k], positions[k]);
          for (const batch of replay?.batches ?? []) {
            sendBatch(at, k, batch);
            await stream.drained();
          }
          complete &&= replay?.complete === true;
        }
      }
      if (!complete) stream.send('gap', JSON.stringify({ reason: 'the events after Last-Event-ID are no longer all kept (or the queue has another number of partitions)' }));
    }
    stream.live = true;
    stream.send('ready', JSON.stringify({ queue: name, partitions: parts.length }), positions.join(','));
    live = (k, batch) => sendBatch(positions, k, batch);
    for (const [k, batch] of early) live(k, batch);
  }

  /** Shutdown: every stream ends now; its client reconnects (to another process) with Last-Event-ID. */
  onModuleDestroy(): void {
    this.closed = true;
    clearInterval(this.keepalive);
    for (const stream of [...this.streams]) stream.end();
  }

  private open(req: Request, res: Response, seats: HubSeat[]): EventStream {
    const stream = new EventStream(res, () => {
      this.streams.delete(stream);
      for (const seat of seats) seat.leave();
    });
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx: pass each event on as it comes
      'X-Accel-Buffering': 'no',
    });
    req.socket.setNoDelay(true);
    // how long EventSource waits before it reconnects
    res.write('retry: 1000\n\n');
    res.once('close', () => stream.end());
    this.streams.add(stream);
    // the client left while the stream was being opened ('close' came before the listener)
    if (req.socket.destroyed) stream.end();
    if (this.closed) stream.end();
    this.keepalive ??= setInterval(() => {
      for (const open of this.streams) open.comment('keep-alive');
    }, STREAM_KEEPALIVE_MS).unref();
    return stream;
  }

  private finish(stream: EventStream): void {
    stream.send('end', '{}', END_EVENT_ID);
    stream.end();
  }

  /** The feed's batches after `after`; undefined (sent as a gap) when the store could not be read. */
  private async replay(queue: string, after: string, upTo: string) {
    try {
      return await this.hub.replay(queue, after, upTo, STREAM_REPLAY_BATCHES);
    } catch {
      return undefined;
    }
  }
}

/** An event as a stream sends it: the job, what changed, and the outcome where there is one. */
function eventData(event: JobEvent): string {
  const data: Record<string, unknown> = { kind: event.k, jobId: event.id, status: event.st, attempts: event.att, at: new Date(event.at).toISOString() };
  if (event.w !== undefined && event.w !== '') data.workerId = event.w;
  if (event.run !== undefined) data.run = event.run;
  if (event.err !== undefined) data.error = event.err;
  if (event.k === 'succeeded') data.result = event.res === undefined ? null : parseStoredJson(event.res);
  if (event.k === 'progress') data.progress = parseStoredJson(event.data);
  if (event.k === 'log') {
    const log = decodeLogData(event.data);
    if (log) {
      data.first = log.first;
      data.lines = log.lines;
    }
  }
  if (event.k === 'enqueued') {
    if (event.type !== undefined) data.type = event.type;
    if (event.prio !== undefined) data.priority = event.prio;
    if (event.exec !== undefined && event.exec !== '') data.executionId = event.exec;
    if (event.key !== undefined) data.key = event.key;
  }
  return JSON.stringify(data);
}
