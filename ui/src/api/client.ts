import { Store } from '../state/store';

/** The API is the origin the page came from, one level above /ui/ (so a path prefix carries over). */
const API_BASE = new URL('../', window.location.href);

const KEY_ITEM = 'claimq.apiKey';

/** The API key of this tab: sessionStorage only (no cookie; gone with the tab). */
export const apiKey = new Store<string | null>(readKey());

/** Why the key form is up: the API answered 401 without a key, or to the key sent. null: not asked. */
export const keyRequest = new Store<null | 'missing' | 'invalid'>(null);

/** Bumped when the key changes: every view reads its data again. */
export const authEpoch = new Store(0);

function readKey(): string | null {
  try {
    return window.sessionStorage.getItem(KEY_ITEM);
  } catch {
    return null;
  }
}

export function rememberKey(key: string): void {
  try {
    window.sessionStorage.setItem(KEY_ITEM, key);
  } catch {
    // storage refused (private mode, quota): the key holds for this page's life only
  }
  apiKey.set(key);
  keyRequest.set(null);
  authEpoch.set(authEpoch.value + 1);
}

export function forgetKey(): void {
  window.sessionStorage.removeItem(KEY_ITEM);
  apiKey.set(null);
  authEpoch.set(authEpoch.value + 1);
}

interface ErrorBody {
  statusCode?: number;
  message?: string;
  code?: string;
  errors?: { field: string; reason: string }[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }

  /**
   * The server has no such route (an older claimq): Nest's own 404 carries no error code, while a
   * 404 of a route that exists names what was not found (`job_not_found`, `not_found`...).
   */
  get notAvailable(): boolean {
    return this.status === 404 && this.body.code === undefined;
  }

  /** A 400 naming `field` as unknown: the server does not take that parameter yet. */
  rejectsField(field: string): boolean {
    return this.status === 400 && (this.body.errors ?? []).some((e) => e.field === field);
  }
}

/** The API answered 401: the key form is up, and the view reloads once a key is given. */
export class AuthRequiredError extends Error {
  constructor() {
    super('an API key is needed');
  }
}

export type Query = Record<string, string | number | undefined | null>;

export function apiPath(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** One REST call of the documented API; JSON in and out. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const key = apiKey.value;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(path.replace(/^\//, ''), API_BASE), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'omit',
    cache: 'no-store',
  });
  if (res.status === 401) {
    // a key that was just replaced answered late: the new one is not the wrong one
    if (apiKey.value === key) {
      if (key) {
        window.sessionStorage.removeItem(KEY_ITEM);
        apiKey.set(null);
      }
      keyRequest.set(key ? 'invalid' : 'missing');
    }
    throw new AuthRequiredError();
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = { message: text.slice(0, 200) };
  }
  if (!res.ok) throw new ApiError(res.status, (parsed as ErrorBody) ?? {});
  return parsed as T;
}

export const get = <T>(path: string, query?: Query): Promise<T> => api<T>('GET', apiPath(path, query));
export const post = <T>(path: string, body?: unknown): Promise<T> => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body: unknown): Promise<T> => api<T>('PUT', path, body);
export const del = (path: string): Promise<void> => api<void>('DELETE', path);

/** A path segment (ids, names, `~default`). */
export const seg = (value: string): string => encodeURIComponent(value);
