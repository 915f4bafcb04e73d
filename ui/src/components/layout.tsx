import type { ComponentChildren } from 'preact';
import { apiKey, forgetKey, keyRequest } from '../api/client';
import { access, keyId } from '../state/access';
import { useStore } from '../state/store';

const NAV: [string, string][] = [
  ['overview', 'Overview'],
  ['jobs', 'Jobs'],
  ['executions', 'Executions'],
  ['workers', 'Workers'],
  ['schedules', 'Schedules'],
  ['groups', 'Groups'],
  ['audit', 'Audit'],
];

export function Layout({ section, children }: { section: string; children: ComponentChildren }) {
  const key = useStore(apiKey);
  const level = useStore(access);
  const id = useStore(keyId);
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href="#/overview">
          <span class="brand-mark" aria-hidden="true">cq</span> claimq
        </a>
        <nav aria-label="main">
          <ul>
            {NAV.map(([path, label]) => (
              <li key={path}>
                <a href={`#/${path}`} aria-current={section === path ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="session">
          {level === 'read' ? <span class="pill pill-read">read-only</span> : null}
          {id ? <span class="muted small" title="the key's id (never the key)">{id}</span> : null}
          {key ? (
            <button type="button" class="btn btn-small" onClick={forgetKey}>
              Forget key
            </button>
          ) : (
            <button type="button" class="btn btn-small" onClick={() => keyRequest.set('missing')}>
              Enter API key
            </button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
