import { useState } from 'preact/hooks';
import { ApiError, post, seg } from '../api/client';
import type { Execution, Job, Page } from '../api/types';
import { useApi } from '../api/use-api';
import { ActionButton } from '../components/action-button';
import { CountCells, CountHeaders, Empty, Fields, LoadError, Loading, PageTitle, Pager, Section, StateBar, StatusBadge, Time } from '../components/common';
import { ExecutionGraphView } from '../components/execution-graph';
import { JobTable } from '../components/job-table';
import { usePaging } from '../components/paging';
import { QueueSelect } from '../components/queue-select';
import { num } from '../format';
import { href, navigate } from '../state/router';

export function ExecutionsPage({ query }: { query: URLSearchParams }) {
  const queue = query.get('queue') || 'default';
  const paging = usePaging(queue);
  const list = useApi<Page<Execution>>('/executions', { queue, limit: 50, cursor: paging.cursor }, 5000);
  const [id, setId] = useState('');
  return (
    <>
      <PageTitle title="Executions" />
      <div class="toolbar-row">
        <form class="toolbar" aria-label="executions of a queue" onSubmit={(e) => e.preventDefault()}>
          <div class="field">
            <label for="e-queue">Queue</label>
            <QueueSelect id="e-queue" value={queue} onChange={(q) => navigate(href('executions', { queue: q }))} />
          </div>
        </form>
        <form
          class="toolbar"
          role="search"
          aria-label="open an execution by id"
          onSubmit={(e) => {
            e.preventDefault();
            if (id.trim()) navigate(href('executions', id.trim()));
          }}
        >
          <div class="field">
            <label for="find-execution">Execution id</label>
            <input id="find-execution" class="mono" value={id} onInput={(e) => setId(e.currentTarget.value)} size={24} />
          </div>
          <button type="submit" class="btn">
            Open
          </button>
        </form>
      </div>
      <Section title={`Executions of ${queue}`}>
        <LoadError error={list.error} what="The list of executions" />
        {list.data === undefined && list.loading ? <Loading /> : null}
        {list.data ? (
          list.data.items.length === 0 ? (
            <Empty>No executions in {queue}.</Empty>
          ) : (
            <>
              <div class="table-wrap">
                <table class="grid">
                  <caption class="sr-only">executions of {queue}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Execution</th>
                      <th scope="col">State</th>
                      <th scope="col">Progress</th>
                      <th scope="col" class="num">Total</th>
                      <CountHeaders />
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.items.map((x) => (
                      <tr key={x.id}>
                        <td class="mono">
                          <a href={href('executions', x.id)}>{x.id}</a>
                        </td>
                        <td>
                          <StatusBadge status={x.status} />
                        </td>
                        <td class="progress-cell">
                          <StateBar counts={x.counts} total={x.total} />
                        </td>
                        <td class="num">{num(x.total)}</td>
                        <CountCells counts={x.counts} />
                        <td>
                          <Time iso={x.createdAt} rel />
                        </td>
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

export function ExecutionPage({ id }: { id: string }) {
  const execution = useApi<Execution>(`/executions/${seg(id)}`, undefined, 2000);
  const paging = usePaging(id);
  const jobs = useApi<Page<Job>>(`/executions/${seg(id)}/jobs`, { limit: 50, cursor: paging.cursor }, 5000);
  const x = execution.data;
  const notFound = execution.error instanceof ApiError && execution.error.status === 404 && !execution.error.notAvailable;
  return (
    <>
      <PageTitle title={`Execution ${id}`}>
        {x && x.status === 'running' ? (
          <ActionButton
            danger
            label="Cancel"
            confirmLabel="Cancel execution"
            title="Cancel this execution?"
            body={<p>Its pending and scheduled jobs are cancelled, running ones asked to stop (POST /executions/{id}/cancel).</p>}
            run={() => post(`/executions/${seg(id)}/cancel`)}
            onDone={() => {
              execution.reload();
              jobs.reload();
            }}
          />
        ) : null}
      </PageTitle>
      <p class="crumbs">
        <a href={href('executions', { queue: x?.queue })}>← Executions</a>
      </p>
      {notFound ? <p class="error" role="alert">No execution {id}.</p> : <LoadError error={execution.error} what="Execution" />}
      {!x && execution.loading ? <Loading /> : null}
      {x ? (
        <Section title="Progress">
          <StateBar counts={x.counts} total={x.total} />
          <div class="table-wrap">
            <table class="grid compact">
              <caption class="sr-only">jobs of the execution by state</caption>
              <thead>
                <tr>
                  <th scope="col" class="num">Total</th>
                  <CountHeaders />
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td class="num">{num(x.total)}</td>
                  <CountCells counts={x.counts} />
                </tr>
              </tbody>
            </table>
          </div>
          <Fields
            rows={[
              ['State', <StatusBadge status={x.status} />],
              ['Queue', <a href={href('jobs', { queue: x.queue })}>{x.queue}</a>],
              ['Created', <Time iso={x.createdAt} />],
              ['Updated', <Time iso={x.updatedAt} />],
              ['Finished', <Time iso={x.finishedAt} />],
            ]}
          />
        </Section>
      ) : null}
      <Section title="Graph">
        <ExecutionGraphView id={id} />
      </Section>
      <Section title="Jobs of the execution">
        <LoadError error={jobs.error} what="Jobs" />
        {jobs.data ? (
          <>
            <JobTable jobs={jobs.data.items} caption="jobs of the execution" />
            <Pager hasPrev={paging.hasPrev} next={jobs.data.nextCursor} onPrev={paging.prev} onNext={() => paging.next(jobs.data!.nextCursor)} count={jobs.data.items.length} />
          </>
        ) : null}
      </Section>
    </>
  );
}
