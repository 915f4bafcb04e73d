import { useEffect, useState } from 'preact/hooks';
import { ApiError, get } from '../api/client';
import type { Job, Page } from '../api/types';
import { JOB_STATUSES } from '../api/types';
import { useApi } from '../api/use-api';
import { errorText } from '../components/action-button';
import { BulkAction } from '../components/bulk-action';
import { LoadError, Loading, PageTitle, Pager, Section } from '../components/common';
import { JobTable } from '../components/job-table';
import { usePaging } from '../components/paging';
import { QueueSelect } from '../components/queue-select';
import { href, navigate } from '../state/router';

const PAGE_SIZE = 50;

export function JobsPage({ query }: { query: URLSearchParams }) {
  const queue = query.get('queue') || 'default';
  const status = query.get('status') ?? '';
  const type = query.get('type') ?? '';
  const paging = usePaging(`${queue}|${status}|${type}`);
  const jobs = useApi<Page<Job>>('/jobs', { queue, status, type, limit: PAGE_SIZE, cursor: paging.cursor }, 5000);
  const setFilter = (next: Record<string, string>): void => navigate(href('jobs', { queue, status, type, ...next }));

  return (
    <>
      <PageTitle title="Jobs" />
      <div class="toolbar-row">
        <FilterForm queue={queue} status={status} type={type} onApply={setFilter} />
        <FindForms queue={queue} />
      </div>
      <Section
        title={`Jobs in ${queue}${status ? `, ${status}` : ''}${type ? `, type ${type}` : ''}`}
        actions={
          <>
            {status === 'failed' || status === 'cancelled' ? <BulkAction queue={queue} action="retry" status={status} type={type || undefined} onDone={jobs.reload} /> : null}
            {status === 'pending' || status === 'scheduled' || status === 'running' ? <BulkAction queue={queue} action="cancel" status={status} type={type || undefined} onDone={jobs.reload} /> : null}
          </>
        }
      >
        <LoadError error={jobs.error} what="Jobs" />
        {jobs.data === undefined && jobs.loading ? <Loading /> : null}
        {jobs.data ? (
          <>
            <JobTable jobs={jobs.data.items} caption={`jobs of ${queue}`} />
            <Pager hasPrev={paging.hasPrev} next={jobs.data.nextCursor} onPrev={paging.prev} onNext={() => paging.next(jobs.data!.nextCursor)} count={jobs.data.items.length} />
          </>
        ) : null}
      </Section>
    </>
  );
}

function FilterForm({ queue, status, type, onApply }: { queue: string; status: string; type: string; onApply: (f: Record<string, string>) => void }) {
  const [q, setQ] = useState(queue);
  const [s, setS] = useState(status);
  const [t, setT] = useState(type);
  useEffect(() => {
    setQ(queue);
    setS(status);
    setT(type);
  }, [queue, status, type]);
  return (
    <form
      class="toolbar"
      aria-label="filter jobs"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ queue: q, status: s, type: t.trim() });
      }}
    >
      <div class="field">
        <label for="f-queue">Queue</label>
        <QueueSelect id="f-queue" value={q} onChange={setQ} />
      </div>
      <div class="field">
        <label for="f-status">State</label>
        <select id="f-status" value={s} onChange={(e) => setS(e.currentTarget.value)}>
          <option value="">any</option>
          {JOB_STATUSES.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="f-type">Type</label>
        <input id="f-type" value={t} placeholder="any" onInput={(e) => setT(e.currentTarget.value)} size={12} />
      </div>
      <button type="submit" class="btn">
        Filter
      </button>
    </form>
  );
}

function FindForms({ queue }: { queue: string }) {
  const [id, setId] = useState('');
  const [key, setKey] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const findByKey = async (): Promise<void> => {
    setMessage(null);
    try {
      const page = await get<Page<Job>>('/jobs', { queue, idempotencyKey: key });
      if (page.items[0]) navigate(href('jobs', page.items[0].id));
      else setMessage(`No job of ${queue} has that idempotency key.`);
    } catch (err) {
      const missing = err instanceof ApiError && (err.notAvailable || err.rejectsField('idempotencyKey'));
      setMessage(missing ? 'Finding by idempotency key: not available on this server.' : errorText(err));
    }
  };

  return (
    <div class="find">
      <form
        class="toolbar"
        role="search"
        aria-label="find a job by id"
        onSubmit={(e) => {
          e.preventDefault();
          if (id.trim()) navigate(href('jobs', id.trim()));
        }}
      >
        <div class="field">
          <label for="find-id">Job id</label>
          <input id="find-id" class="mono" value={id} onInput={(e) => setId(e.currentTarget.value)} size={22} />
        </div>
        <button type="submit" class="btn">
          Open
        </button>
      </form>
      <form
        class="toolbar"
        role="search"
        aria-label="find a job by idempotency key"
        onSubmit={(e) => {
          e.preventDefault();
          if (key !== '') void findByKey();
        }}
      >
        <div class="field">
          <label for="find-key">Idempotency key in {queue}</label>
          <input id="find-key" value={key} onInput={(e) => setKey(e.currentTarget.value)} size={18} />
        </div>
        <button type="submit" class="btn">
          Find
        </button>
      </form>
      {message ? (
        <p class="note" role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}
