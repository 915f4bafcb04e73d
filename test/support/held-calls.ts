import { ServerResponse } from 'node:http';
import { RouteServer } from './loopback-http';
import { ClaimqProcess } from './processes';

/**
 * Calls to a loopback route server that wait for the test to answer them: an `http` job that calls
 * a held path runs until the test says how it ends, so a test asserts states, not timings.
 */
export class HeldCalls {
  private readonly held = new Map<string, ServerResponse>();

  constructor(
    private readonly target: RouteServer,
    /** What to print when a call never comes (the processes' output). */
    private readonly diagnostics: () => string = () => '',
  ) {}

  /** Holds each call to `path` until answer(path, ...). */
  hold(path: string): void {
    this.target.routes.set(path, (_req, _body, res) => void this.held.set(path, res));
  }

  has(path: string): boolean {
    return this.held.has(path);
  }

  /** The held call to `path` (waited for, up to 30 s). */
  async call(path: string): Promise<ServerResponse> {
    const deadline = Date.now() + 30_000;
    while (!this.held.has(path)) {
      if (Date.now() > deadline) throw new Error(`no call reached ${path}\n${this.diagnostics()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.held.get(path)!;
  }

  /** Answers the call to `path` (waiting for it first) with a JSON body. */
  async answer(path: string, status: number, body: unknown): Promise<void> {
    const res = await this.call(path);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    this.held.delete(path);
  }

  forget(path: string): void {
    this.held.delete(path);
  }

  /** Ends every call still held (a test's cleanup). */
  releaseAll(): void {
    for (const res of this.held.values()) res.writeHead(500).end();
    this.held.clear();
  }
}

/** A JSON call to a claimq process's API; its status and parsed body. */
export async function callApi(api: ClaimqProcess, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${api.port}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
