import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { ApiError, AuthRequiredError } from '../api/client';
import { JOB_STATUSES, type Counts } from '../api/types';
import { dateTime, num, relative } from '../format';

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const s = status ?? 'gone';
  return <span class={`badge badge-${s}`}>{s}</span>;
}

/** Jobs per state as a row of labelled numbers; `link` makes each a link to the filtered list. */
export function CountCells({ counts, link }: { counts: Counts; link?: (status: string) => string }) {
  return (
    <>
      {JOB_STATUSES.map((s) => (
        <td class="num" key={s}>
          {link && counts[s] > 0 ? <a href={link(s)}>{num(counts[s])}</a> : <span class={counts[s] === 0 ? 'muted' : undefined}>{num(counts[s])}</span>}
        </td>
      ))}
    </>
  );
}

export function CountHeaders() {
  return (
    <>
      {JOB_STATUSES.map((s) => (
        <th scope="col" class="num" key={s}>
          {s}
        </th>
      ))}
    </>
  );
}

/** A stacked bar of the states, for an execution's progress. */
export function StateBar({ counts, total }: { counts: Counts; total: number }) {
  const parts = JOB_STATUSES.filter((s) => counts[s] > 0);
  const done = counts.succeeded + counts.failed + counts.cancelled + (counts.skipped ?? 0);
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div class="statebar-wrap">
      <div class="statebar" role="progressbar" aria-label="jobs finished" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-valuetext={`${done} of ${total} finished`}>
        {parts.map((s) => (
          <span key={s} class={`seg seg-${s}`} style={{ width: `${(counts[s] / Math.max(total, 1)) * 100}%` }} title={`${s}: ${counts[s]}`} />
        ))}
      </div>
      <span class="statebar-label">{pct}%</span>
    </div>
  );
}

export function Time({ iso, rel = false }: { iso: string | null | undefined; rel?: boolean }) {
  if (!iso) return <span class="muted">—</span>;
  return (
    <time dateTime={iso} title={rel ? dateTime(iso) : relative(iso)}>
      {rel ? relative(iso) : dateTime(iso)}
    </time>
  );
}

export function NotAvailable({ what }: { what: string }) {
  return (
    <p class="not-available" role="note">
      {what}: not available on this server.
    </p>
  );
}

/** An error of a read: quiet for routes the server lacks, nothing while the key form is up. */
export function LoadError({ error, what }: { error: unknown; what: string }) {
  if (error === undefined || error instanceof AuthRequiredError) return null;
  if (error instanceof ApiError && error.notAvailable) return <NotAvailable what={what} />;
  return (
    <p class="error" role="alert">
      {what}: {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

export function Loading() {
  return (
    <p class="muted" aria-live="polite">
      Loading…
    </p>
  );
}

export function JsonView({ value, label }: { value: unknown; label: string }) {
  if (value === undefined) return <p class="muted">none</p>;
  return (
    <pre class="json" tabIndex={0} aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function PageTitle({ title, children }: { title: string; children?: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · claimq`;
  }, [title]);
  return (
    <div class="page-title">
      <h1>{title}</h1>
      {children ? <div class="page-actions">{children}</div> : null}
    </div>
  );
}

export function Section({ title, children, actions }: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  const id = `s-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section class="card" aria-labelledby={id}>
      <div class="card-head">
        <h2 id={id}>{title}</h2>
        {actions ? <div class="card-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export function Fields({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="fields">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value ?? <span class="muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Cursor paging: the cursors of the pages before are kept, so "Previous" needs no backward cursor. */
export function Pager({ hasPrev, next, onPrev, onNext, count }: { hasPrev: boolean; next: string | null | undefined; onPrev: () => void; onNext: () => void; count: number }) {
  if (!hasPrev && !next) return null;
  return (
    <nav class="pager" aria-label="pages">
      <button type="button" class="btn" onClick={onPrev} disabled={!hasPrev}>
        ← Previous
      </button>
      <span class="muted">{count} on this page</span>
      <button type="button" class="btn" onClick={onNext} disabled={!next}>
        Next →
      </button>
    </nav>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}
