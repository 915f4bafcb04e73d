import { createParser, EventSourceMessage } from 'eventsource-parser';

/** One server-sent event as received: its name, parsed data, and the id in effect after it (as EventSource keeps it). */
export interface ReceivedEvent {
  event: string;
  data: any;
  /** The last `id:` the stream had sent up to and including this event (EventSource's lastEventId). */
  lastEventId: string | undefined;
}

/**
 * An SSE subscriber for tests: fetch with a streamed body (so it can send Authorization and
 * Last-Event-ID, as a reconnecting EventSource does), the text parsed by eventsource-parser. Events
 * are collected as they come; `until` waits for one that matches.
 */
export class SseClient {
  readonly events: ReceivedEvent[] = [];
  status = 0;
  headers: Headers | undefined;
  /** Resolves when the server ends the stream or the connection breaks. */
  readonly ended: Promise<void>;
  lastEventId: string | undefined;
  private readonly abort = new AbortController();
  private readonly waiters = new Set<() => void>();
  private closed = false;
  private failure: unknown;

  constructor(url: string, options: { headers?: Record<string, string> } = {}) {
    this.ended = this.read(url, options.headers ?? {}).then(
      () => this.finish(),
      (error) => {
        if (!this.abort.signal.aborted) this.failure = error;
        this.finish();
      },
    );
  }

  /** The events received so far, by name. */
  named(event: string): ReceivedEvent[] {
    return this.events.filter((received) => received.event === event);
  }

  /** Resolves with the first received event (from the start) that matches, or rejects after `timeoutMs` or when the stream ends without one. */
  async until(match: (event: ReceivedEvent) => boolean, timeoutMs = 30_000): Promise<ReceivedEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.closed) throw new Error(`the stream ended (status ${this.status}${this.failure ? `, ${String(this.failure)}` : ''}) without the event; got ${JSON.stringify(this.events.map((e) => e.event))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((e) => e.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.add(done);
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async read(url: string, headers: Record<string, string>): Promise<void> {
    const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: this.abort.signal });
    this.status = res.status;
    this.headers = res.headers;
    if (!res.body) return;
    const parser = createParser({
      onEvent: (message: EventSourceMessage) => {
        if (message.id !== undefined) this.lastEventId = message.id;
        let data: unknown = message.data;
        try {
          data = JSON.parse(message.data);
        } catch {
          // not JSON: kept as text
        }
        this.events.push({ event: message.event ?? 'message', data, lastEventId: this.lastEventId });
        this.wake();
      },
    });
    const decoder = new TextDecoder();
    if (res.status !== 200) {
      const text = await res.text();
      this.events.push({ event: 'http-body', data: text ? JSON.parse(text) : undefined, lastEventId: undefined });
      return;
    }
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  }

  private finish(): void {
    this.closed = true;
    this.wake();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
    this.waiters.clear();
  }
}
