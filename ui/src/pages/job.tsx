import { ApiError, post, seg } from '../api/client';
import type { Job, JobAttempts, JobLogs, Page } from '../api/types';
import { useApi } from '../api/use-api';
import { useJobEvents, type LiveLine, type StreamEvent } from '../api/event-stream';
import { useEffect, useState } from 'preact/hooks';
import { ActionButton } from '../components/action-button';
import { Fields, JsonView, LoadError, Loading, NotAvailable, PageTitle, Section, StatusBadge, Time } from '../components/common';
import { callbackIdempotencyKey } from '../callback-key';
import { duration } from '../format';
import { href } from '../state/router';

const LIVE = new Set(['pending', 'scheduled', 'running']);

export function JobPage({ id }: { id: string }) {
  // the job's event stream, while it is live, instead of polling: each change reads the job again
  const live = useJobEvents(id);
  const pollMs = live.status === 'live' ? undefined : 2000;
  const job = useApi<Job>(`/jobs/${seg(id)}`, undefined, pollMs);
  const attempts = useApi<JobAttempts>(`/jobs/${seg(id)}/attempts`, undefined, pollMs);
  const j = job.data;
  const reload = (): void => {
    job.reload();
    attempts.reload();
  };
  useEffect(() => {
    if (live.seq > 0) reload();
  }, [live.seq]);
  // the newest 100 kept lines as the page opened; the stream appends what comes after
  const logsFrom = j?.logLines ? Math.max(1, j.logLines - 99) : null;
  const [logsAt, setLogsAt] = useState<{ id: string; from: number } | null>(null);
  useEffect(() => {
    if (logsFrom !== null && (logsAt === null || logsAt.id !== id)) setLogsAt({ id, from: logsFrom });
  }, [id, logsFrom]);
  const logs = useApi<JobLogs>(logsAt?.id === id ? `/jobs/${seg(id)}/logs` : null, logsAt ? { from: logsAt.from, limit: 100 } : undefined);
  const progress = live.progress ? live.progress.value : j?.progress;
  const notFound = job.error instanceof ApiError && job.error.status === 404 && !job.error.notAvailable;
  return (
    <>
      <PageTitle title={`Job ${id}`}>
        {j && j.source !== 'history' ? <JobActions job={j} onDone={reload} /> : null}
      </PageTitle>
      <p class="crumbs">
        <a href={href('jobs', { queue: j?.queue })}>← Jobs{j ? ` in ${j.queue}` : ''}</a>
      </p>
      {notFound ? <p class="error" role="alert">No job {id}: neither the store nor job history knows it.</p> : <LoadError error={job.error} what="Job" />}
      {!j && job.loading ? <Loading /> : null}
      {j ? (
        <>
          <Section title="Summary">
            <Fields
              rows={[
                [
                  'State',
                  <>
                    <StatusBadge status={j.status} />
                    {j.cancelRequested ? <span class="muted small"> cancel requested</span> : null}
                    {j.source === 'history' ? <span class="muted small"> (from job history)</span> : null}
                    {live.status === 'live' ? <span class="live-badge small" role="status" aria-label="live: changes show as they happen">● live</span> : null}
                  </>,
                ],
                ['Queue', <a href={href('jobs', { queue: j.queue })}>{j.queue}</a>],
                ['Type', j.type],
                ['Group', j.group ?? 'default'],
                ['Attempts', j.maxAttempts ? `${j.attempts} of ${j.maxAttempts}` : String(j.attempts)],
                ['Priority', j.priority === undefined ? undefined : String(j.priority)],
                ['Timeout', j.timeoutMs === undefined ? undefined : duration(j.timeoutMs)],
                ['Backoff', j.backoff ? `${j.backoff.strategy}, ${duration(j.backoff.delayMs)}${j.backoff.maxDelayMs ? ` up to ${duration(j.backoff.maxDelayMs)}` : ''}` : undefined],
                ['Created', <Time iso={j.createdAt} />],
                ['Run at', <Time iso={j.runAt} />],
                ['Started', <Time iso={j.startedAt} />],
                ['Finished', <Time iso={j.finishedAt} />],
                ['Worker', j.workerId ? <span class="mono">{j.workerId}</span> : undefined],
                ['Idempotency key', j.idempotencyKey ? <span class="mono">{j.idempotencyKey}</span> : undefined],
                ['Execution', j.executionId ? <a class="mono" href={href('executions', j.executionId)}>{j.executionId}</a> : undefined],
                ['Schedule', j.schedule ? <><a href={href('schedules', j.schedule.name)}>{j.schedule.name}</a> <span class="muted small">tick <Time iso={j.schedule.fireAt} /></span></> : undefined],
              ]}
            />
          </Section>
          {j.lastError ? (
            <Section title="Last error">
              <pre class="stack" tabIndex={0} aria-label="last error with its stack">
                {j.lastErrorStack === undefined ? j.lastError : `${j.lastError}\n\n${j.lastErrorStack}`}
              </pre>
            </Section>
          ) : null}
          <div class="two-col">
            <Section title="Payload">
              <JsonView value={j.payload} label="payload" />
            </Section>
            <Section title="Result">
              <JsonView value={j.result} label="result" />
            </Section>
          </div>
          {progress !== undefined ? (
            <Section title="Progress">
              <ProgressView value={progress} />
            </Section>
          ) : null}
          {(logs.data?.lines.length ?? 0) > 0 || live.lines.length > 0 ? (
            <Section title="Log">
              <LogTail fetched={logs.data} live={live.lines} />
            </Section>
          ) : null}
          {live.changes.length > 0 ? (
            <Section title="Live changes">
              <LiveChanges changes={live.changes} />
            </Section>
          ) : null}
          <Section title="Attempts">
            <LoadError error={attempts.error} what="Attempts" />
            {attempts.data ? <AttemptsTimeline attempts={attempts.data} total={j.attempts} /> : null}
          </Section>
          {j.callbackUrl ? <CallbackStatus job={j} /> : null}
        </>
      ) : null}
    </>
  );
}

/** A number from 0 to 100, or a value with `percent` so: a bar; any other value as JSON. */
function ProgressView({ value }: { value: unknown }) {
  const percent = typeof value === 'number' ? value : typeof value === 'object' && value !== null && typeof (value as { percent?: unknown }).percent === 'number' ? (value as { percent: number }).percent : undefined;
  return (
    <>
      {percent !== undefined && percent >= 0 && percent <= 100 ? (
        <p>
          <progress class="job-progress" max={100} value={percent} aria-label={`progress ${percent}%`} /> <span class="small">{percent}%</span>
        </p>
      ) : null}
      {typeof value === 'number' ? null : <JsonView value={value} label="progress" />}
    </>
  );
}

/** The newest kept lines as the page opened, then the lines the stream brings, by number. */
function LogTail({ fetched, live }: { fetched: JobLogs | undefined; live: LiveLine[] }) {
  const lines = new Map<number, string>();
  for (const l of fetched?.lines ?? []) lines.set(l.seq, l.line);
  for (const l of live) lines.set(l.seq, l.line);
  const ordered = [...lines.entries()].sort((a, b) => a[0] - b[0]).slice(-200);
  return (
    <>
      {fetched && fetched.firstKept > 1 ? <p class="muted small">{fetched.firstKept - 1} older lines dropped (the job keeps its newest JOB_LOG_LINES).</p> : null}
      <pre class="log-tail" tabIndex={0} aria-label="log lines">
        {ordered.map(([seq, line]) => `${String(seq).padStart(5)}  ${line}`).join('\n')}
      </pre>
    </>
  );
}

/** The changes the job's event stream brought while the page was open, newest first. */
function LiveChanges({ changes }: { changes: StreamEvent[] }) {
  return (
    <div class="table-wrap">
      <table class="grid">
        <caption class="sr-only">live changes of the job</caption>
        <thead>
          <tr>
            <th scope="col">At</th>
            <th scope="col">Change</th>
            <th scope="col">State after</th>
            <th scope="col">Attempts</th>
            <th scope="col">Worker</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {[...changes].reverse().map((change, i) => (
            <tr key={changes.length - i}>
              <td>
                <Time iso={change.data.at} />
              </td>
              <td class="mono">{change.event}</td>
              <td>
                <StatusBadge status={change.data.status} />
              </td>
              <td>{change.data.attempts}</td>
              <td class="mono small">{change.data.workerId ?? ''}</td>
              <td class="small">{change.data.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function JobActions({ job, onDone }: { job: Job; onDone: () => void }) {
  const path = `/jobs/${seg(job.id)}`;
  return (
    <>
      {job.status === 'scheduled' ? (
        <ActionButton primary label="Run now" title="Run this job now?" body={<p>The scheduled job becomes pending now (POST {path}/promote).</p>} run={() => post(`${path}/promote`)} onDone={onDone} />
      ) : null}
      {job.status === 'failed' || job.status === 'cancelled' ? (
        <ActionButton primary label="Retry" title="Retry this job?" body={<p>The job goes back to pending with its attempts reset (POST {path}/retry).</p>} run={() => post(`${path}/retry`)} onDone={onDone} />
      ) : null}
      {LIVE.has(job.status) && !job.cancelRequested ? (
        <ActionButton
          danger
          label="Cancel"
          title="Cancel this job?"
          confirmLabel="Cancel job"
          body={<p>{job.status === 'running' ? 'The worker running it is asked to stop it.' : 'The job will not run.'} (POST {path}/cancel)</p>}
          run={() => post(`${path}/cancel`)}
          onDone={onDone}
        />
      ) : null}
    </>
  );
}

function AttemptsTimeline({ attempts, total }: { attempts: JobAttempts; total: number }) {
  if (attempts.items.length === 0) return <p class="muted">Not run yet.</p>;
  return (
    <>
      {attempts.source === 'store' && total > attempts.items.length ? (
        <p class="muted small">Job history is off (or has not caught up): only the latest of {total} attempts is shown.</p>
      ) : null}
      <ol class="timeline">
        {attempts.items.map((a) => (
          <li key={a.run} class={`tl tl-${a.outcome}`}>
            <div class="tl-head">
              <strong>Attempt {a.attempt}</strong> <StatusBadge status={a.outcome} />
              <span class="muted small">run {a.run}</span>
            </div>
            <div class="tl-body">
              <span>
                worker <span class="mono">{a.workerId ?? '—'}</span>
              </span>
              <span>
                start <Time iso={a.startedAt} />
              </span>
              <span>
                end <Time iso={a.finishedAt} />
              </span>
              {a.startedAt && a.finishedAt ? <span>took {duration(Date.parse(a.finishedAt) - Date.parse(a.startedAt))}</span> : null}
            </div>
            {a.error ? <pre class="stack small">{a.error}</pre> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** The callback is an `http` job keyed `claimq.callback:<job id>:<end time>` (README, Callbacks): found by that key. */
function CallbackStatus({ job }: { job: Job }) {
  const ended = job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled';
  const key = ended ? callbackIdempotencyKey(job) : null;
  const found = useApi<Page<Job>>(key ? '/jobs' : null, { queue: job.queue, idempotencyKey: key });
  const missing = found.error instanceof ApiError && (found.error.notAvailable || found.error.rejectsField('idempotencyKey'));
  const callback = found.data?.items[0];
  return (
    <Section title="Callback">
      <Fields
        rows={[
          ['URL', <span class="mono">{job.callbackUrl}</span>],
          [
            'Status',
            !ended ? (
              'sent when the job ends'
            ) : missing ? (
              <NotAvailable what="Callback status" />
            ) : callback ? (
              <>
                <StatusBadge status={callback.status} />{' '}
                <a href={href('jobs', callback.id)}>callback job</a>{' '}
                <span class="muted small">
                  {callback.attempts} attempt{callback.attempts === 1 ? '' : 's'}
                </span>
              </>
            ) : found.data ? (
              'not enqueued (yet)'
            ) : (
              <LoadError error={found.error} what="Callback" />
            ),
          ],
        ]}
      />
    </Section>
  );
}
