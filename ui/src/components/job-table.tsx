import type { Job } from '../api/types';
import { href } from '../state/router';
import { Empty, StatusBadge, Time } from './common';

/** Jobs as rows: id (link), type, state, attempts, group, times, and the start of the last error. */
export function JobTable({ jobs, caption }: { jobs: Job[]; caption: string }) {
  if (jobs.length === 0) return <Empty>No jobs match.</Empty>;
  return (
    <div class="table-wrap">
      <table class="grid">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Type</th>
            <th scope="col">State</th>
            <th scope="col" class="num">Attempts</th>
            <th scope="col">Group</th>
            <th scope="col">Created</th>
            <th scope="col">Updated</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.id}>
              <td class="mono">
                <a href={href('jobs', j.id)}>{j.id}</a>
              </td>
              <td>{j.type ?? '—'}</td>
              <td>
                <StatusBadge status={j.status} />
                {j.cancelRequested ? <span class="muted small"> cancel asked</span> : null}
              </td>
              <td class="num">
                {j.attempts}
                {j.maxAttempts ? <span class="muted">/{j.maxAttempts}</span> : null}
              </td>
              <td>{j.group ?? <span class="muted">default</span>}</td>
              <td>
                <Time iso={j.createdAt} rel />
              </td>
              <td>
                <Time iso={j.finishedAt ?? j.updatedAt} rel />
              </td>
              <td class="error-cell" title={j.lastError}>
                {j.lastError ? firstLine(j.lastError) : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 90 ? `${line.slice(0, 90)}…` : line;
}
