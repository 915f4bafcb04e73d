import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useCanWrite } from '../state/access';
import { errorText } from './action-button';
import { Modal } from './modal';

/** A number field's text as the API's value: blank is null (clears the setting). */
export function optionalInt(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : Number(t);
}

/**
 * A button that opens a form in a dialog and sends it (one PUT): the fields are the caller's,
 * `submit` turns them into the call. Read-only keys do not see it.
 */
export function EditDialog({ label, title, submit, onDone, children, buttonLabel }: { label: string; title: string; submit: () => Promise<unknown>; onDone: () => void; children: ComponentChildren; buttonLabel?: string }) {
  const canWrite = useCanWrite();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canWrite) return null;
  return (
    <>
      <button type="button" class="btn btn-small" onClick={() => { setError(null); setOpen(true); }} aria-label={buttonLabel}>
        {label}
      </button>
      {open ? (
        <Modal title={title} onClose={() => !busy && setOpen(false)}>
          <form
            class="form"
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy(true);
              setError(null);
              try {
                await submit();
                setOpen(false);
                onDone();
              } catch (err) {
                setError(errorText(err));
              } finally {
                setBusy(false);
              }
            }}
          >
            {children}
            {error ? (
              <p class="error" role="alert">
                {error}
              </p>
            ) : null}
            <div class="modal-actions">
              <button type="button" class="btn" onClick={() => setOpen(false)} disabled={busy}>
                Cancel
              </button>
              <button type="submit" class="btn btn-primary" disabled={busy}>
                {busy ? 'Saving…' : 'Save'}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}

export function NumberField({ id, label, value, onInput, hint, min, max }: { id: string; label: string; value: string; onInput: (v: string) => void; hint?: string; min?: number; max?: number }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} type="number" inputMode="numeric" min={min} max={max} step={1} value={value} onInput={(e) => onInput(e.currentTarget.value)} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint ? (
        <span id={`${id}-hint`} class="hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
