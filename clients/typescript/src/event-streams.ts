import { setTimeout as delay } from 'node:timers/promises';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { Job } from './api-types';
import { ClaimqApiError } from './claimq-api-error';
import type { FetchFn } from './retrying-fetch';

/** The kinds of change a job goes through, as event streams name them. */
export type JobChangeKind =
  | 'enqueued'
  | 'claimed'
  | 'succeeded'
  | 'retry_scheduled'
  | 'failed'
  | 'released'
  | 'expired'
  | 'cancelled'
  | 'cancel_requested'
  | 'retried'
  | 'promoted'
  | 'unblocked'
  | 'skipped'
  | 'progress'
  | 'log';

/** One change of a job, as GET /jobs/{id}/events and GET /queues/{name}/events send it. */
export interface JobChange {
  kind: JobChangeKind;
  jobId: string;
  /** The job's status after the change. */
  status: Job['status'];
  attempts: number;
  /** When the store applied it (ISO 8601). */
  at: string;
  workerId?: string;
  /** The attempt's fencing token (claimed, and every end of an attempt). */
  run?: number;
  /** failed, retry_scheduled, expired */
  error?: string;
  /** succeeded: the handler's result */
  result?: unknown;
  /** progress: the value its handler reported */
  progress?: unknown;
  /** log: the first line's number (from 1 over the job's life) and the lines */
  first?: number;
  lines?: string[];
  /** enqueued */
  type?: string;
  priority?: number;
  executionId?: string;
  key?: string;
}

/** What a job's stream sends: its state first, each change, then `end`. */
export type JobStreamEvent =
  | { event: 'state'; data: Job; id?: string }
  | { event: 'gap'; data: { reason: string }; id?: string }
  | { event: 'end'; data: Record<string, never>; id?: string }
  | { event: JobChangeKind; data: JobChange; id?: string };

/** What a queue's stream sends: `ready` once listening, then each change that passes its filters. */
export type QueueStreamEvent =
  | { event: 'ready'; data: { queue: string; partitions: number }; id?: string }
  | { event: 'gap'; data: { reason: string }; id?: string }
  | { event: JobChangeKind; data: JobChange; id?: string };

export interface EventStreamOptions {
  /** Stops the stream: the iteration ends (it does not throw). */
  signal?: AbortSignal;
  /** Start after this event id (a resume point an earlier stream gave). */
  lastEventId?: string;
  /**
   * Reconnect when the connection drops or the service closes it (a restart, a shutdown), resuming
   * after the last event id received: nothing is missed while the service still holds it, and a
   * `gap` event says when it does not. Default true; at most `maxReconnects` tries in a row without
   * an event between them (default 10).
   */
  reconnect?: boolean;
  maxReconnects?: number;
}

/** How a stream reaches the service: the client's settings. */
export interface StreamTarget {
  baseUrl: string;
  headers: Record<string, string>;
  fetch: FetchFn;
}

/** The first reconnect waits this long (the service's `retry:` hint); each later one twice as long, up to MAX_RECONNECT_DELAY_MS. */
const RECONNECT_DELAY_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 30_000;

/** The requests of the streams being read (see the loop below). */
const openStreams = new Set<Request>();

/**
 * Reads a server-sent event stream of the service, parsed by eventsource-parser, and reconnects
 * with Last-Event-ID as EventSource does (which cannot send an API key). A job stream ends after
 * `end` (or 204: it had already ended); a 4xx answer throws ClaimqApiError.
 */
export async function* readEventStream<E extends { event: string; id?: string }>(
  target: StreamTarget,
  path: string,
  query: Record<string, string | undefined>,
  options: EventStreamOptions,
): AsyncGenerator<E, void, undefined> {
  const { signal } = options;
  let lastEventId = options.lastEventId;
  let failures = 0;
  const url = new URL(path.replace(/^\//, ''), target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  while (!signal?.aborted) {
    let response: Response | undefined;
    const headers: Record<string, string> = { ...target.headers, Accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    // held while the stream is read: Node links a Request to its signal through an
    // AbortController only the Request holds, so once nothing referred to it, a garbage
    // collection would keep an abort from ending the stream
    const request = new Request(url, { headers, signal });
    openStreams.add(request);
    try {
      response = await target.fetch(request);
      if (response.status === 204) return;
      if (!response.ok) {
        const body = await response.json().catch(() => undefined);
        const error = ClaimqApiError.fromResponse(response, body);
        // the service is unavailable or restarting: try again; anything else is the caller's to fix
        if (response.status < 500 && response.status !== 429) throw error;
      } else if (response.body) {
        const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
        for await (const message of events) {
          if (message.id !== undefined) lastEventId = message.id;
          failures = 0;
          yield { event: message.event ?? 'message', data: JSON.parse(message.data), ...(message.id === undefined ? {} : { id: message.id }) } as unknown as E;
          if (message.event === 'end') return;
        }
      }
    } catch (error) {
      if (signal?.aborted) return;
      if (error instanceof ClaimqApiError) throw error;
      // the connection broke: reconnect below
    } finally {
      openStreams.delete(request);
    }
    if (options.reconnect === false) return;
    failures += 1;
    if (failures > (options.maxReconnects ?? 10)) throw new Error(`claimq: the event stream ${url.pathname} could not be resumed after ${failures - 1} tries`);
    try {
      await delay(Math.min(MAX_RECONNECT_DELAY_MS, RECONNECT_DELAY_MS * 2 ** (failures - 1)), undefined, { signal });
    } catch {
      return;
    }
  }
}
