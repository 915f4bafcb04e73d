import { ApiError, del, post, seg } from '../api/client';
import type { Page, Schedule, ScheduleDetail } from '../api/types';
import { useApi } from '../api/use-api';
import { ActionButton } from '../components/action-button';
import { Empty, Fields, JsonView, LoadError, Loading, PageTitle, Pager, Section, StatusBadge, Time } from '../components/common';
import { usePaging } from '../components/paging';
import { duration, num, relative } from '../format';
import { href, navigate } from '../state/router';

function cadence(s: Schedule): string {
  return s.cron ? `cron ${s.cron} (${s.timezone})` : `every ${duration(s.everyMs)}`;
}

export function SchedulesPage() {
  const paging = usePaging('schedules');
  const list = useApi<Page<Schedule>>('/schedules', { limit: 50, cursor: paging.cursor }, 5000);
  return (
    <>
      <PageTitle title="Schedules" />
      <Section title="Recurring schedules">
        <LoadError error={list.error} what="Schedules" />
        {!list.data && list.loading ? <Loading /> : null}
        {list.data ? (
          list.data.items.length === 0 ? (
            <Empty>No schedules. PUT /schedules/:name creates one.</Empty>
          ) : (
            <>
              <div class="table-wrap">
                <table class="grid">
                  <caption class="sr-only">schedules</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Queue</th>
                      <th scope="col">Job type</th>
                      <th scope="col">Cadence</th>
                      <th scope="col">Next run</th>
                      <th scope="col">State</th>
                      <th scope="col" class="num">Fired</th>
                      <th scope="col" class="num">Skipped</th>
                      <th scope="col" class="num">Missed</th>
                      <th scope="col">Last job</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.items.map((s) => (
                      <tr key={s.name}>
                        <td>
                          <a href={href('schedules', s.name)}>{s.name}</a>
                        </td>
                        <td>{s.queue}</td>
                        <td>{s.job.type}</td>
                        <td class="mono small">{cadence(s)}</td>
                        <td>
                          <Time iso={s.nextRunAt} rel />
                        </td>
                        <td>{s.paused ? <span class="badge badge-paused">paused</span> : <span class="badge badge-active">active</span>}</td>
                        <td class="num">{num(s.counts.fired)}</td>
                        <td class="num">{num(s.counts.skipped)}</td>
                        <td class="num">{num(s.counts.missed)}</td>
                        <td class="mono small">{s.lastJobId ? <a href={href('jobs', s.lastJobId)} title={s.lastJobId}>…{s.lastJobId.slice(-10)}</a> : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager hasPrev={paging.hasPrev} next={list.data.nextCursor} onPrev={paging.prev} onNext={() => paging.next(list.data!.nextCursor)} count={list.data.items.length} />
            </>
          )
        ) : null}
      </Section>
    </>
  );
}

export function SchedulePage({ name }: { name: string }) {
  const detail = useApi<ScheduleDetail>(`/schedules/${seg(name)}`, undefined, 5000);
  const s = detail.data;
  const path = `/schedules/${seg(name)}`;
  const notFound = detail.error instanceof ApiError && detail.error.status === 404 && !detail.error.notAvailable;
  return (
    <>
      <PageTitle title={`Schedule ${name}`}>
        {s ? (
          <>
            <ActionButton label="Trigger now" title="Fire this schedule now?" body={<p>One job is made now, also when paused (POST {path}/trigger).</p>} run={() => post(`${path}/trigger`)} onDone={detail.reload} />
            {s.paused ? (
              <ActionButton label="Resume" title="Resume this schedule?" body={<p>It fires again from the first tick after now; ticks missed while paused are not caught up.</p>} run={() => post(`${path}/resume`)} onDone={detail.reload} />
            ) : (
              <ActionButton label="Pause" title="Pause this schedule?" body={<p>No tick fires until it is resumed (POST {path}/pause).</p>} run={() => post(`${path}/pause`)} onDone={detail.reload} />
            )}
            <ActionButton danger label="Delete" confirmLabel="Delete schedule" title="Delete this schedule?" body={<p>The schedule goes; the jobs it made stay (DELETE {path}).</p>} run={() => del(path)} onDone={() => navigate('#/schedules')} />
          </>
        ) : null}
      </PageTitle>
      <p class="crumbs">
        <a href="#/schedules">← Schedules</a>
      </p>
      {notFound ? <p class="error" role="alert">No schedule {name}.</p> : <LoadError error={detail.error} what="Schedule" />}
      {!s && detail.loading ? <Loading /> : null}
      {s ? (
        <>
          <Section title="Definition">
            <Fields
              rows={[
                ['State', s.paused ? <span class="badge badge-paused">paused</span> : <span class="badge badge-active">active</span>],
                ['Queue', <a href={href('jobs', { queue: s.queue })}>{s.queue}</a>],
                ['Cadence', <span class="mono">{cadence(s)}</span>],
                ['Overlap', s.overlap],
                ['Catch up', `${s.catchUp}${s.catchUp === 'all' ? ` (at most ${s.maxCatchUp})` : ''}`],
                ['Window', s.startAt || s.endAt ? <>{s.startAt ? <Time iso={s.startAt} /> : '…'} – {s.endAt ? <Time iso={s.endAt} /> : '…'}</> : 'always'],
                ['Counts', `${num(s.counts.fired)} fired, ${num(s.counts.skipped)} skipped, ${num(s.counts.missed)} missed`],
                ['Version', String(s.version)],
                ['Updated', <Time iso={s.updatedAt} />],
              ]}
            />
          </Section>
          <div class="two-col">
            <Section title="Next runs">
              {s.nextRuns.length === 0 ? (
                <Empty>None (paused or ended).</Empty>
              ) : (
                <ol class="plain">
                  {s.nextRuns.map((t) => (
                    <li key={t}>
                      <Time iso={t} /> <span class="muted small">{`(${relative(t)})`}</span>
                    </li>
                  ))}
                </ol>
              )}
            </Section>
            <Section title="Job it makes">
              <Fields rows={[['Type', s.job.type], ['Group', s.job.group ?? 'default'], ['Max attempts', String(s.job.maxAttempts)], ['Timeout', duration(s.job.timeoutMs)]]} />
              <JsonView value={s.job.payload} label="job payload" />
            </Section>
          </div>
          <Section title="Latest runs">
            {s.lastRuns.length === 0 ? (
              <Empty>Not fired yet.</Empty>
            ) : (
              <div class="table-wrap">
                <table class="grid">
                  <caption class="sr-only">latest runs</caption>
                  <thead>
                    <tr>
                      <th scope="col">Tick</th>
                      <th scope="col">Job</th>
                      <th scope="col">State</th>
                      <th scope="col">How</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.lastRuns.map((r) => (
                      <tr key={`${r.jobId}`}>
                        <td>
                          <Time iso={r.fireAt} />
                        </td>
                        <td class="mono">
                          <a href={href('jobs', r.jobId)}>{r.jobId}</a>
                        </td>
                        <td>
                          <StatusBadge status={r.status} />
                        </td>
                        <td>{r.trigger ? 'triggered' : 'tick'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
        </>
      ) : null}
    </>
  );
}
