import type { Workers } from '../api/types';
import { useApi } from '../api/use-api';
import { Empty, LoadError, Loading, PageTitle, Section, Time } from '../components/common';
import { num } from '../format';
import { href } from '../state/router';

export function WorkersPage() {
  const workers = useApi<Workers>('/workers', undefined, 2000);
  const w = workers.data;
  return (
    <>
      <PageTitle title="Workers" />
      <LoadError error={workers.error} what="Workers" />
      {!w && workers.loading ? <Loading /> : null}
      {w ? (
        <>
          <Section title={`Live worker processes (${w.live.length})`}>
            {w.live.length === 0 ? (
              <Empty>No worker process is heartbeating.</Empty>
            ) : (
              <div class="table-wrap">
                <table class="grid">
                  <caption class="sr-only">live workers</caption>
                  <thead>
                    <tr>
                      <th scope="col">Worker</th>
                      <th scope="col">Host / pid</th>
                      <th scope="col">Queues</th>
                      <th scope="col">Slots busy</th>
                      <th scope="col" class="num">Leases held</th>
                      <th scope="col">Last heartbeat</th>
                      <th scope="col">Started</th>
                      <th scope="col">Version</th>
                    </tr>
                  </thead>
                  <tbody>
                    {w.live.map((x) => (
                      <tr key={x.id}>
                        <td class="mono">{x.id}</td>
                        <td>
                          {x.host} <span class="muted">/ {x.pid}</span>
                        </td>
                        <td>
                          {x.queues.map((q, i) => (
                            <span key={q}>
                              {i > 0 ? ', ' : ''}
                              <a href={href('jobs', { queue: q, status: 'running' })}>{q}</a>
                            </span>
                          ))}
                        </td>
                        <td>
                          <span class="meter" aria-hidden="true">
                            <span style={{ width: `${x.slots.total ? (x.slots.busy / x.slots.total) * 100 : 0}%` }} />
                          </span>{' '}
                          {x.slots.busy}/{x.slots.total}
                        </td>
                        <td class="num">{num(x.leasesHeld)}</td>
                        <td>
                          <Time iso={x.lastHeartbeatAt} rel />
                        </td>
                        <td>
                          <Time iso={x.startedAt} rel />
                        </td>
                        <td>{x.version}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section title="Declared dead by the reaper (recent)">
            {w.dead.length === 0 ? (
              <Empty>No worker was declared dead recently.</Empty>
            ) : (
              <div class="table-wrap">
                <table class="grid">
                  <caption class="sr-only">workers declared dead</caption>
                  <thead>
                    <tr>
                      <th scope="col">Worker</th>
                      <th scope="col">Host / pid</th>
                      <th scope="col">Queue</th>
                      <th scope="col">Declared dead</th>
                      <th scope="col">Last heartbeat</th>
                      <th scope="col" class="num">Requeued</th>
                      <th scope="col" class="num">Failed</th>
                      <th scope="col" class="num">Cancelled</th>
                      <th scope="col">Jobs</th>
                    </tr>
                  </thead>
                  <tbody>
                    {w.dead.map((x) => (
                      <tr key={`${x.id}-${x.queue}-${x.declaredDeadAt}`}>
                        <td class="mono">{x.id}</td>
                        <td>
                          {x.host ?? '—'} <span class="muted">/ {x.pid ?? '—'}</span>
                        </td>
                        <td>{x.queue}</td>
                        <td>
                          <Time iso={x.declaredDeadAt} rel />
                        </td>
                        <td>
                          <Time iso={x.lastHeartbeatAt} rel />
                        </td>
                        <td class="num">{num(x.requeued)}</td>
                        <td class="num">{num(x.failed)}</td>
                        <td class="num">{num(x.cancelled)}</td>
                        <td class="mono small">
                          {x.jobIds.slice(0, 5).map((id, i) => (
                            <span key={id}>
                              {i > 0 ? ' ' : ''}
                              <a href={href('jobs', id)} title={id}>
                                …{id.slice(-8)}
                              </a>
                            </span>
                          ))}
                          {x.jobIds.length > 5 ? <span class="muted"> +{x.jobIds.length - 5}</span> : null}
                        </td>
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
