import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { useEffect, useState } from 'preact/hooks';
import { useStore } from '../state/store';
import { apiKey, authEpoch } from './client';

/** The API is the origin the page came from, one level above /ui/ (as client.ts). */
const API_BASE = new URL('../', window.location.href);

/** One server-sent event, its data parsed. */
export interface StreamEvent {
  event: string;
  data: any;
}

export type StreamStatus = 'connecting' | 'live' | 'ended' | 'unavailable';

/**
 * Reads a server-sent event stream of the API (GET /jobs/:id/events) with the page's key, which
 * EventSource cannot send: fetch with a streamed body, parsed by eventsource-parser. A dropped
 * connection is resumed with the last event id after a second; a 204 or the stream's own end
 * ends it; an answer other than 200 (an older service without the route, a 401) makes it
 * `unavailable`, and the page polls instead.
 */
export function openEventStream(path: string, onEvent: (event: StreamEvent) => void, onStatus: (status: StreamStatus) => void): () => void {
  const stop = new AbortController();
  let lastEventId: string | undefined;
  const run = async (): Promise<void> => {
    for (let failures = 0; !stop.signal.aborted && failures < 10; ) {
      onStatus('connecting');
      let ended = false;
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        const key = apiKey.value;
        if (key) headers.Authorization = `Bearer ${key}`;
        if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
        const res = await fetch(new URL(path.replace(/^\//, ''), API_BASE), { headers, credentials: 'omit', cache: 'no-store', signal: stop.signal });
        if (res.status === 204) return onStatus('ended');
        if (res.status !== 200 || !res.body) return onStatus('unavailable');
        onStatus('live');
        const parser = createParser({
          onEvent: (message: EventSourceMessage) => {
            if (message.id !== undefined) lastEventId = message.id;
            failures = 0;
            if (message.event === 'end') ended = true;
            onEvent({ event: message.event ?? 'message', data: JSON.parse(message.data) });
          },
        });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        if (stop.signal.aborted) return;
      }
      if (ended) return onStatus('ended');
      failures += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (!stop.signal.aborted) onStatus('unavailable');
  };
  void run();
  return () => stop.abort();
}

/** The kinds of event that carry no change of state: a handler's reports. */
const REPORTS = new Set(['progress', 'log']);

/** A live log line: its number and text. */
export interface LiveLine {
  seq: number;
  line: string;
}

/**
 * A job's live events (GET /jobs/:id/events) while the page shows it: the status of the stream,
 * the changes of state heard (newest last, at most 200) with a counter that moves with each, for
 * the page to read the job again; and, without a read, the latest progress and the log lines
 * heard (the last 200).
 */
export function useJobEvents(id: string): { status: StreamStatus; changes: StreamEvent[]; seq: number; progress?: { value: unknown }; lines: LiveLine[] } {
  const epoch = useStore(authEpoch);
  const [state, setState] = useState<{ status: StreamStatus; changes: StreamEvent[]; seq: number; progress?: { value: unknown }; lines: LiveLine[] }>({
    status: 'connecting',
    changes: [],
    seq: 0,
    lines: [],
  });
  useEffect(() => {
    setState({ status: 'connecting', changes: [], seq: 0, lines: [] });
    return openEventStream(
      `/jobs/${encodeURIComponent(id)}/events`,
      (event) => {
        if (event.event === 'state' || event.event === 'end') return;
        if (event.event === 'progress') return setState((s) => ({ ...s, progress: { value: event.data.progress } }));
        if (event.event === 'log') {
          const heard = (event.data.lines as string[]).map((line, i) => ({ seq: (event.data.first as number) + i, line }));
          return setState((s) => ({ ...s, lines: [...s.lines, ...heard].slice(-200) }));
        }
        if (REPORTS.has(event.event)) return;
        setState((s) => ({ ...s, changes: [...s.changes, event].slice(-200), seq: s.seq + 1 }));
      },
      (status) => setState((s) => ({ ...s, status })),
    );
  }, [id, epoch]);
  return state;
}
