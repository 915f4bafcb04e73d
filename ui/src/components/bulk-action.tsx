import { useRef, useState } from 'preact/hooks';
import { post, seg } from '../api/client';
import type { BulkResult } from '../api/types';
import { num } from '../format';
import { useCanWrite } from '../state/access';
import { errorText } from './action-button';
import { Modal } from './modal';

type Phase = 'confirm' | 'running' | 'stopped' | 'done' | 'failed';

/**
 * Retry or cancel every job of a filtered list: POST /queues/:name/jobs/{retry,cancel}, one bounded
 * batch per call, called again with nextCursor until null. Shows what was done so far; Stop ends
 * it after the batch in flight.
 */
export function BulkAction({ queue, action, status, type, onDone }: { queue: string; action: 'retry' | 'cancel'; status: string; type?: string; onDone: () => void }) {
  const canWrite = useCanWrite();
  const [phase, setPhase] = useState<Phase | null>(null);
  const [totals, setTotals] = useState({ processed: 0, changed: 0, skipped: 0, batches: 0 });
  const [error, setError] = useState<string | null>(null);
  const stop = useRef(false);
  if (!canWrite) return null;
  const verb = action === 'retry' ? 'Retry' : 'Cancel';
  const what = `${status} jobs${type ? ` of type ${type}` : ''} in ${queue}`;

  const start = async (): Promise<void> => {
    stop.current = false;
    setError(null);
    setPhase('running');
    let cursor: string | null = null;
    const sum = { processed: 0, changed: 0, skipped: 0, batches: 0 };
    setTotals({ ...sum });
    try {
      do {
        const body: Record<string, unknown> = { status, limit: 500 };
        if (type) body.type = type;
        if (cursor) body.cursor = cursor;
        const r: BulkResult = await post<BulkResult>(`/queues/${seg(queue)}/jobs/${action}`, body);
        sum.processed += r.processed;
        sum.changed += r.changed;
        sum.skipped += r.skipped;
        sum.batches += 1;
        setTotals({ ...sum });
        cursor = r.nextCursor;
      } while (cursor && !stop.current);
      setPhase(cursor ? 'stopped' : 'done');
    } catch (err) {
      setError(errorText(err));
      setPhase('failed');
    }
    onDone();
  };

  const close = (): void => {
    if (phase === 'running') return;
    setPhase(null);
  };

  return (
    <>
      <button type="button" class={`btn ${action === 'cancel' ? 'btn-danger' : 'btn-primary'}`} onClick={() => setPhase('confirm')}>
        {verb} all {status}
      </button>
      {phase ? (
        <Modal title={`${verb} all ${what}`} onClose={close} describedBy="bulk-body" role="alertdialog">
          <div id="bulk-body" class="modal-body">
            {phase === 'confirm' ? (
              <p>
                {verb} every {what}, in batches of 500 (POST /queues/{queue}/jobs/{action}). Jobs that change state meanwhile are skipped.
              </p>
            ) : (
              <>
                <p aria-live="polite">
                  {phase === 'running' ? 'Working… ' : phase === 'done' ? 'Done. ' : phase === 'stopped' ? 'Stopped. ' : 'Failed. '}
                  Processed <strong>{num(totals.processed)}</strong>, {action === 'retry' ? 'retried' : 'cancelled'} <strong>{num(totals.changed)}</strong>, skipped {num(totals.skipped)} ({totals.batches} batches).
                </p>
                {phase === 'running' ? <progress aria-label="bulk progress" /> : null}
              </>
            )}
            {error ? (
              <p class="error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div class="modal-actions">
            {phase === 'confirm' ? (
              <>
                <button type="button" class="btn" onClick={close}>
                  Cancel
                </button>
                <button type="button" class={`btn ${action === 'cancel' ? 'btn-danger' : 'btn-primary'}`} onClick={start}>
                  {verb} all
                </button>
              </>
            ) : phase === 'running' ? (
              <button type="button" class="btn btn-danger" onClick={() => (stop.current = true)}>
                Stop
              </button>
            ) : (
              <button type="button" class="btn" onClick={close}>
                Close
              </button>
            )}
          </div>
        </Modal>
      ) : null}
    </>
  );
}
