import { HTTP_JOB_TYPE } from './http-job';
import { isSealed, SecretBox } from './secret-box';

/** HTTP_SECRET_HEADERS' default: the request headers that carry credentials. */
export const DEFAULT_SECRET_HEADERS: readonly string[] = ['authorization', 'proxy-authorization', 'cookie', 'x-api-key'];

/** What the API, callbacks and every other view show in place of a secret. */
export const REDACTED = '[redacted]';

type Headers = Record<string, unknown>;

/**
 * The secret request headers of `http` jobs: sealed when a job is enqueued (JobsService), so the
 * store holds them encrypted under SECRETS_KEYS; opened by the worker that sends them
 * (HttpJobHandler); shown as "[redacted]" everywhere else (redactHttpPayload). A sealed value is
 * bound to its header's name: moved to another header it does not open.
 */
export class HttpJobSecrets {
  private readonly names: ReadonlySet<string>;

  constructor(
    headerNames: readonly string[] = DEFAULT_SECRET_HEADERS,
    private readonly box = new SecretBox(),
  ) {
    this.names = new Set(headerNames.map((n) => n.toLowerCase()));
  }

  get encrypts(): boolean {
    return this.box.encrypts;
  }

  /**
   * The payload with its secret header values sealed; the payload itself (same object) when it has
   * none. A value that already looks sealed is sealed again whatever its header, so every sealed
   * value in a store was sealed once, here.
   */
  seal(type: string, payload: unknown): unknown {
    const headers = type === HTTP_JOB_TYPE ? headersOf(payload) : undefined;
    if (!headers) return payload;
    let sealed: Headers | undefined;
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value !== 'string' || (!this.names.has(name.toLowerCase()) && !isSealed(value))) continue;
      sealed ??= { ...headers };
      sealed[name] = this.box.seal(value, contextOf(name));
    }
    return sealed ? { ...(payload as object), headers: sealed } : payload;
  }

  /**
   * The headers to send, sealed values opened; the names of those that were sealed (they are not
   * sent on to another origin by a redirect) and their opened values (scrubbed from what the call
   * answers). Throws an error naming the header, never its value.
   */
  open(headers: Record<string, string>): { headers: Record<string, string>; sealed: string[]; values: string[] } {
    const sealed: string[] = [];
    const values: string[] = [];
    let opened: Record<string, string> | undefined;
    for (const [name, value] of Object.entries(headers)) {
      if (!isSealed(value)) continue;
      opened ??= { ...headers };
      try {
        opened[name] = this.box.open(value, contextOf(name));
      } catch (err) {
        throw new Error(`header ${name}: ${(err as Error).message}`, { cause: err });
      }
      sealed.push(name.toLowerCase());
      values.push(opened[name]);
    }
    return { headers: opened ?? headers, sealed, values };
  }
}

/** The payload as the API and callbacks show it: sealed header values of an `http` job replaced by "[redacted]". */
export function redactHttpPayload(type: string, payload: unknown): unknown {
  const headers = type === HTTP_JOB_TYPE ? headersOf(payload) : undefined;
  if (!headers || !Object.values(headers).some(isSealed)) return payload;
  const redacted = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSealed(value) ? REDACTED : value]));
  return { ...(payload as object), headers: redacted };
}

function headersOf(payload: unknown): Headers | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { headers } = payload as { headers?: unknown };
  return typeof headers === 'object' && headers !== null && !Array.isArray(headers) ? (headers as Headers) : undefined;
}

function contextOf(headerName: string): string {
  return `http-header:${headerName.toLowerCase()}`;
}
