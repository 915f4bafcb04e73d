import { useState } from 'preact/hooks';
import { keyRequest, rememberKey } from '../api/client';
import { useStore } from '../state/store';
import { Modal } from './modal';

/** Asks for the API key once the API answered 401; a wrong key is said so and asked again. */
export function KeyPrompt() {
  const reason = useStore(keyRequest);
  const [value, setValue] = useState('');
  if (reason === null) return null;
  return (
    <Modal title="API key" onClose={() => keyRequest.set(null)} describedBy="key-why">
      <form
        class="key-form"
        onSubmit={(e) => {
          e.preventDefault();
          const key = value.trim();
          if (!key) return;
          setValue('');
          rememberKey(key);
        }}
      >
        {reason === 'invalid' ? (
          <p id="key-why" class="error" role="alert">
            invalid API key
          </p>
        ) : (
          <p id="key-why">This server needs an API key (one of its API_KEYS, or a read-only one of API_KEYS_READONLY). It is kept in this tab only.</p>
        )}
        <label for="api-key-input">API key</label>
        <input id="api-key-input" name="api-key" type="password" autoComplete="off" required value={value} onInput={(e) => setValue(e.currentTarget.value)} autoFocus />
        <div class="modal-actions">
          <button type="button" class="btn" onClick={() => keyRequest.set(null)}>
            Cancel
          </button>
          <button type="submit" class="btn btn-primary">
            Use key
          </button>
        </div>
      </form>
    </Modal>
  );
}
