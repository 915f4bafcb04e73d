import type { AuditEntry, Page } from '../api/types';
import { useApi } from '../api/use-api';
import { Empty, LoadError, Loading, PageTitle, Pager, Section, Time } from '../components/common';
import { usePaging } from '../components/paging';
import { href } from '../state/router';

export function AuditPage() {
  const paging = usePaging('audit');
  const audit = useApi<Page<AuditEntry>>('/audit', { limit: 50, cursor: paging.cursor }, paging.hasPrev ? undefined : 5000);
  return (
    <>
      <PageTitle title="Audit" />
      <Section title="Changes made through the API, newest first">
        <LoadError error={audit.error} what="The audit log" />
        {!audit.data && audit.loading ? <Loading /> : null}
        {audit.data ? (
          audit.data.items.length === 0 ? (
            <Empty>Nothing recorded yet.</Empty>
          ) : (
            <>
              <div class="table-wrap">
                <table class="grid">
                  <caption class="sr-only">audit log</caption>
                  <thead>
                    <tr>
                      <th scope="col">At</th>
                      <th scope="col">Action</th>
                      <th scope="col">Target</th>
                      <th scope="col">Key</th>
                      <th scope="col">Details</th>
                    </tr>
                  </thead>
                  <tbody>
                    {audit.data.items.map((a) => (
                      <tr key={a.id}>
                        <td>
                          <Time iso={a.at} />
                        </td>
                        <td class="mono">{a.action}</td>
                        <td class="mono">
                          <TargetLink target={a.target} />
                        </td>
                        <td class="mono">{a.keyId ?? <span class="muted">open</span>}</td>
                        <td class="mono small">{a.details ? JSON.stringify(a.details) : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager hasPrev={paging.hasPrev} next={audit.data.nextCursor} onPrev={paging.prev} onNext={() => paging.next(audit.data!.nextCursor)} count={audit.data.items.length} />
            </>
          )
        ) : null}
      </Section>
    </>
  );
}

/** `job:<id>`, `execution:<id>`, `schedule:<name>`, `queue:<name>[/group:<g>]` as links to their pages. */
function TargetLink({ target }: { target: string }) {
  const [kind, ...rest] = target.split(':');
  const name = rest.join(':');
  if (kind === 'job') return <a href={href('jobs', name)}>{target}</a>;
  if (kind === 'execution') return <a href={href('executions', name)}>{target}</a>;
  if (kind === 'schedule') return <a href={href('schedules', name)}>{target}</a>;
  if (kind === 'queue') return <a href={href('groups', { queue: name.split('/')[0] })}>{target}</a>;
  return <>{target}</>;
}
