import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { AuthRequiredError, ApiError } from '../api/client';
import { useCanWrite } from '../state/access';
import { Modal } from './modal';

let confirmCount = 0;

export function errorText(err: unknown): string {
  if (err instanceof ApiError && err.notAvailable) return 'not available on this server';
  if (err instanceof AuthRequiredError) return 'an API key is needed';
  return err instanceof Error ? err.message : String(err);
}

/**
 * A button for one REST call that changes something: asks first in a dialog, then calls, then
 * tells the view to reload. Read-only keys do not see it.
 */
export function ActionButton({
  label,
  title,
  body,
  confirmLabel,
  run,
  onDone,
  danger = false,
  primary = false,
}: {
  label: string;
  title: string;
  body: ComponentChildren;
  confirmLabel?: string;
  run: () => Promise<unknown>;
  onDone?: (result: unknown) => void;
  danger?: boolean;
  /** the page's main action (retry a failed job): a filled button */
  primary?: boolean;
}) {
  const canWrite = useCanWrite();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bodyId = useRef(`confirm-${++confirmCount}`).current;
  if (!canWrite) return null;

  const confirm = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const result = await run();
      setOpen(false);
      onDone?.(result);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" class={`btn ${danger ? 'btn-danger' : primary ? 'btn-primary' : ''}`} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? (
        <Modal title={title} onClose={() => !busy && setOpen(false)} describedBy={bodyId} role="alertdialog">
          <div id={bodyId} class="modal-body">
            {body}
          </div>
          {error ? (
            <p class="error" role="alert">
              {error}
            </p>
          ) : null}
          <div class="modal-actions">
            <button type="button" class="btn" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </button>
            <button type="button" class={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={confirm} disabled={busy}>
              {busy ? 'Working…' : (confirmLabel ?? label)}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
