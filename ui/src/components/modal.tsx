import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

let modalCount = 0;

/**
 * A modal on the native <dialog> (showModal): focus moves in and stays in, Escape closes it,
 * the page behind is inert, and focus returns to where it was when it closes.
 */
export function Modal({ title, onClose, children, describedBy, role }: { title: string; onClose: () => void; children: ComponentChildren; describedBy?: string; role?: 'alertdialog' }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useRef(`modal-${++modalCount}`).current;
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      before?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class="modal"
      role={role}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}
