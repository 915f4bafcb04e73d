/**
 * A running job's progress and log lines, as its handler reports them (JobContext.progress and
 * JobContext.log; a remote worker's report route). Plain TypeScript, shared by every store.
 *
 * - **Progress** is the latest value only: a number or any small JSON value, at most
 *   MAX_PROGRESS_BYTES as JSON, kept on the job (`progress`, `progressAt`) until the next.
 * - **Log lines** are numbered from 1 over the job's life (retries go on counting). The store keeps
 *   the newest JOB_LOG_LINES of them (`logLines` written in all, `logLinesDropped` of the oldest
 *   gone); a line longer than MAX_LOG_LINE_CHARS is cut to it.
 * - Both are written only while the report's lease is current (running, same token): a report
 *   from an attempt that lost its lease changes nothing.
 * - Each report is an event (`progress`: data = the JSON; `log`: data = `[first line's number,
 *   ...lines]`), so event streams carry them as they happen.
 */

/** The largest progress value, as JSON, in bytes. */
export const MAX_PROGRESS_BYTES = 4 * 1024;

/** The longest log line kept, in characters (a longer one is cut to it). */
export const MAX_LOG_LINE_CHARS = 4 * 1024;

/** JOB_LOG_LINES: log lines kept per job by default, and at most. */
export const DEFAULT_JOB_LOG_LINES = 200;
export const MAX_JOB_LOG_LINES = 10_000;

/** Lines one log page answers at most, and by default (GET /jobs/:id/logs). */
export const MAX_LOG_PAGE = 1_000;
export const DEFAULT_LOG_PAGE = 100;

/** One kept log line: its number (from 1, over the job's life), when it was written, its text. */
export interface LogLine {
  seq: number;
  at: number;
  line: string;
}

/** A page of a job's kept log lines, oldest first. */
export interface LogPage {
  lines: LogLine[];
  /** Lines written in all (the last line's number). */
  total: number;
  /** The number of the oldest line still kept (total + 1 when none is). */
  firstKept: number;
}

/** The JSON text of a progress value, or the reason it cannot be one. */
export function progressJson(value: unknown): { json: string } | { error: string } {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
    return { error: 'must be a number or a JSON value' };
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return { error: 'must be a finite number' };
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return { error: `must be a JSON value (${(error as Error).message})` };
  }
  if (Buffer.byteLength(json, 'utf8') > MAX_PROGRESS_BYTES) return { error: `must be at most ${MAX_PROGRESS_BYTES} bytes as JSON` };
  return { json };
}

/** A log line as the store keeps it: text, cut to MAX_LOG_LINE_CHARS. */
export function logLineText(line: unknown): string {
  const text = typeof line === 'string' ? line : String(line);
  return text.length > MAX_LOG_LINE_CHARS ? text.slice(0, MAX_LOG_LINE_CHARS) : text;
}

/** A `log` event's data: the first line's number, then the lines. */
export function encodeLogData(first: number, lines: readonly string[]): string {
  return JSON.stringify([first, ...lines]);
}

/** A `log` event's data read back, or undefined when it is not one. */
export function decodeLogData(data: string | undefined): { first: number; lines: string[] } | undefined {
  if (data === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'number') return undefined;
  const lines = parsed.slice(1);
  return lines.every((line) => typeof line === 'string') ? { first: parsed[0], lines: lines as string[] } : undefined;
}
