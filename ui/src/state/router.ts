import { useEffect, useState } from 'preact/hooks';

/** The page's place: `#/jobs?queue=default&status=failed` -> { path: ['jobs'], query }. Hash routing keeps the server static. */
export interface Route {
  path: string[];
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [pathPart = '', queryPart = ''] = raw.split('?', 2);
  return { path: pathPart.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(queryPart) };
}

/** `href('jobs', id)` or `href('jobs', { queue })`: a hash link; path parts are encoded. */
export function href(...parts: (string | Record<string, string | undefined | null>)[]): string {
  const path: string[] = [];
  const params = new URLSearchParams();
  for (const part of parts) {
    if (typeof part === 'string') path.push(encodeURIComponent(part));
    else for (const [name, value] of Object.entries(part)) if (value !== undefined && value !== null && value !== '') params.set(name, value);
  }
  const qs = params.toString();
  return `#/${path.join('/')}${qs ? `?${qs}` : ''}`;
}

export function navigate(to: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.location.hash = to;
  if (replace) window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const onChange = (): void => setRoute(parseHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
