import { useEffect, useState } from 'preact/hooks';

/** The cursor of the page shown and those of the pages before it; back to page one when `resetKey` changes. */
export function usePaging(resetKey: string): { cursor: string | undefined; hasPrev: boolean; next: (cursor: string | null) => void; prev: () => void } {
  const [stack, setStack] = useState<string[]>([]);
  useEffect(() => setStack([]), [resetKey]);
  return {
    cursor: stack[stack.length - 1],
    hasPrev: stack.length > 0,
    next: (cursor) => cursor && setStack((s) => [...s, cursor]),
    prev: () => setStack((s) => s.slice(0, -1)),
  };
}
