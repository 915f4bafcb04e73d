import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useStore } from '../state/store';
import { authEpoch, AuthRequiredError, get, Query } from './client';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * GETs `path` (null: nothing to read yet), again every `pollMs` after the last answer, and again
 * when the key changes. Keeps the last data while a reload runs, so polled views do not flicker.
 */
export function useApi<T>(path: string | null, query?: Query, pollMs?: number): Loaded<T> {
  const epoch = useStore(authEpoch);
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown; loading: boolean }>({ key: null, loading: path !== null });
  const [tick, setTick] = useState(0);
  const key = path === null ? null : JSON.stringify([path, query ?? {}]);
  const latest = useRef(key);
  latest.current = key;

  useEffect(() => {
    if (path === null) return;
    let live = true;
    let timer: number | undefined;
    const load = (): void => {
      setState((s) => ({ ...(s.key === key ? s : { key }), loading: true }));
      get<T>(path, query).then(
        (data) => live && setState({ key, data, loading: false }),
        (error: unknown) => live && setState((s) => ({ key, data: s.key === key && !(error instanceof AuthRequiredError) ? s.data : undefined, error, loading: false })),
      ).finally(() => {
        if (live && pollMs) timer = window.setTimeout(load, pollMs);
      });
    };
    load();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // `key` stands for path and query
  }, [key, pollMs, epoch, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const current = state.key === key;
  return { data: current ? state.data : undefined, error: current ? state.error : undefined, loading: !current || state.loading, reload };
}
