import { useEffect } from 'preact/hooks';
import { ApiError, authEpoch, AuthRequiredError, get } from '../api/client';
import type { WhoAmI } from '../api/types';
import { Store, useStore } from './store';

/** What the key may do (GET /whoami). `unknown`: not read yet, or the server has no /whoami. */
export const access = new Store<WhoAmI['access'] | 'unknown'>('unknown');
export const keyId = new Store<string | null>(null);

/** Reads GET /whoami now and whenever the key changes. */
export function useAccessLoader(): void {
  const epoch = useStore(authEpoch);
  useEffect(() => {
    let live = true;
    get<WhoAmI>('/whoami').then(
      (who) => {
        if (!live) return;
        access.set(who.access);
        keyId.set(who.keyId);
      },
      (err: unknown) => {
        if (!live || err instanceof AuthRequiredError) return;
        if (err instanceof ApiError && err.notAvailable) access.set('unknown');
      },
    );
    return () => {
      live = false;
    };
  }, [epoch]);
}

/** Read-only keys see no action button (the API would answer 403 anyway). */
export function useCanWrite(): boolean {
  return useStore(access) !== 'read';
}
