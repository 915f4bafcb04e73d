import { useState } from 'preact/hooks';
import { post, put, seg } from '../api/client';
import type { GroupState, Page, QueueSettings, RateLimit } from '../api/types';
import { useApi } from '../api/use-api';
import { ActionButton } from '../components/action-button';
import { Empty, Fields, LoadError, Loading, PageTitle, Pager, Section, Time } from '../components/common';
import { usePaging } from '../components/paging';
import { QueueSelect } from '../components/queue-select';
import { EditDialog, NumberField, optionalInt } from '../components/settings-form';
import { duration, num } from '../format';
import { href, navigate } from '../state/router';

const DEFAULT_GROUP = '~default';

function rate(r: RateLimit | null): string {
  return r ? `${r.max} per ${duration(r.perMs)}` : 'none';
}

/** Both blank: null (no rate); otherwise both numbers, which the API validates. */
function rateFrom(max: string, perMs: string): RateLimit | null {
  if (max.trim() === '' && perMs.trim() === '') return null;
  return { max: Number(max), perMs: Number(perMs) };
}

export function GroupsPage({ query }: { query: URLSearchParams }) {
  const queue = query.get('queue') || 'default';
  const qpath = `/queues/${seg(queue)}`;
  const settings = useApi<QueueSettings>(`${qpath}/settings`, undefined, 5000);
  const paging = usePaging(queue);
  const groups = useApi<Page<GroupState>>(`${qpath}/groups`, { limit: 100, cursor: paging.cursor }, 5000);
  const s = settings.data;
  const reload = (): void => {
    settings.reload();
    groups.reload();
  };
  return (
    <>
      <PageTitle title="Groups and queue settings" />
      <div class="toolbar-row">
        <form class="toolbar" aria-label="choose a queue" onSubmit={(e) => e.preventDefault()}>
          <div class="field">
            <label for="g-queue">Queue</label>
            <QueueSelect id="g-queue" value={queue} onChange={(q) => navigate(href('groups', { queue: q }))} />
          </div>
        </form>
      </div>
      <Section
        title={`Queue ${queue}`}
        actions={
          s ? (
            <>
              {s.paused ? (
                <ActionButton label="Resume queue" title={`Resume ${queue}?`} body={<p>Its jobs are claimed again (POST {qpath}/resume).</p>} run={() => post(`${qpath}/resume`)} onDone={reload} />
              ) : (
                <ActionButton danger label="Pause queue" confirmLabel="Pause queue" title={`Pause ${queue}?`} body={<p>No job of it is claimed until resumed; running jobs run on and enqueues still work (POST {qpath}/pause).</p>} run={() => post(`${qpath}/pause`)} onDone={reload} />
              )}
              <QueueSettingsEditor queue={queue} settings={s} onDone={reload} />
            </>
          ) : null
        }
      >
        <LoadError error={settings.error} what="Queue settings" />
        {!s && settings.loading ? <Loading /> : null}
        {s ? (
          <Fields
            rows={[
              ['State', s.paused ? <span class="badge badge-paused">paused</span> : <span class="badge badge-active">active</span>],
              ['Group concurrency', s.groupConcurrency === null ? 'no cap' : `${s.groupConcurrency} per group`],
              ['Rate limit', rate(s.rateLimit)],
            ]}
          />
        ) : null}
      </Section>
      <Section title="Groups">
        <LoadError error={groups.error} what="Groups" />
        {!groups.data && groups.loading ? <Loading /> : null}
        {groups.data ? (
          groups.data.items.length === 0 ? (
            <Empty>No group has jobs or settings.</Empty>
          ) : (
            <>
              <div class="table-wrap">
                <table class="grid">
                  <caption class="sr-only">groups of {queue}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Group</th>
                      <th scope="col" class="num">Pending</th>
                      <th scope="col" class="num">Running</th>
                      <th scope="col">State</th>
                      <th scope="col">Own cap</th>
                      <th scope="col">Cap in force</th>
                      <th scope="col">Rate</th>
                      <th scope="col">Held back by</th>
                      <th scope="col">
                        <span class="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {groups.data.items.map((g) => (
                      <tr key={g.name}>
                        <td class="mono">{g.name === DEFAULT_GROUP ? <span>{g.name} <span class="muted small">(no group)</span></span> : g.name}</td>
                        <td class="num">{num(g.pending)}</td>
                        <td class="num">{num(g.running)}</td>
                        <td>{g.paused ? <span class="badge badge-paused">paused</span> : <span class="badge badge-active">active</span>}</td>
                        <td>{g.concurrency ?? <span class="muted">queue's</span>}</td>
                        <td>{g.effectiveConcurrency ?? <span class="muted">none</span>}</td>
                        <td>{rate(g.rateLimit)}</td>
                        <td>
                          {g.limitedBy ?? <span class="muted">nothing</span>}
                          {g.limitedUntil ? (
                            <span class="muted small">
                              {' '}
                              until <Time iso={g.limitedUntil} rel />
                            </span>
                          ) : null}
                        </td>
                        <td class="row-actions">
                          <GroupEditor queue={queue} group={g} onDone={groups.reload} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager hasPrev={paging.hasPrev} next={groups.data.nextCursor} onPrev={paging.prev} onNext={() => paging.next(groups.data!.nextCursor)} count={groups.data.items.length} />
            </>
          )
        ) : null}
      </Section>
    </>
  );
}

function QueueSettingsEditor({ queue, settings, onDone }: { queue: string; settings: QueueSettings; onDone: () => void }) {
  const [cap, setCap] = useState(settings.groupConcurrency?.toString() ?? '');
  const [max, setMax] = useState(settings.rateLimit?.max.toString() ?? '');
  const [perMs, setPerMs] = useState(settings.rateLimit?.perMs.toString() ?? '');
  return (
    <EditDialog
      label="Edit settings"
      title={`Settings of ${queue}`}
      submit={() => put(`/queues/${seg(queue)}/settings`, { groupConcurrency: optionalInt(cap), rateLimit: rateFrom(max, perMs) })}
      onDone={onDone}
    >
      <NumberField id="qs-cap" label="Group concurrency" value={cap} onInput={setCap} min={1} hint="Jobs of one group running at once; blank: no cap" />
      <fieldset>
        <legend>Queue rate limit (blank: none)</legend>
        <NumberField id="qs-max" label="Jobs" value={max} onInput={setMax} min={1} />
        <NumberField id="qs-per" label="Per ms" value={perMs} onInput={setPerMs} min={1} />
      </fieldset>
    </EditDialog>
  );
}

function GroupEditor({ queue, group, onDone }: { queue: string; group: GroupState; onDone: () => void }) {
  const [cap, setCap] = useState(group.concurrency?.toString() ?? '');
  const [max, setMax] = useState(group.rateLimit?.max.toString() ?? '');
  const [perMs, setPerMs] = useState(group.rateLimit?.perMs.toString() ?? '');
  const [paused, setPaused] = useState(group.paused);
  const id = `g-${group.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <EditDialog
      label="Edit"
      buttonLabel={`Edit group ${group.name}`}
      title={`Group ${group.name} of ${queue}`}
      submit={() => put(`/queues/${seg(queue)}/groups/${seg(group.name)}`, { concurrency: optionalInt(cap), rateLimit: rateFrom(max, perMs), paused })}
      onDone={onDone}
    >
      <NumberField id={`${id}-cap`} label="Concurrency" value={cap} onInput={setCap} min={1} hint="Its own cap; blank: the queue's" />
      <fieldset>
        <legend>Rate limit (blank: none)</legend>
        <NumberField id={`${id}-max`} label="Jobs" value={max} onInput={setMax} min={1} />
        <NumberField id={`${id}-per`} label="Per ms" value={perMs} onInput={setPerMs} min={1} />
      </fieldset>
      <div class="field field-check">
        <input id={`${id}-paused`} type="checkbox" checked={paused} onChange={(e) => setPaused(e.currentTarget.checked)} />
        <label for={`${id}-paused`}>Paused</label>
      </div>
    </EditDialog>
  );
}
