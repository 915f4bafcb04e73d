import type { QueueSummary } from '../api/types';
import { useApi } from '../api/use-api';

/** The queues of GET /queues as a labelled select. */
export function QueueSelect({ id, value, onChange, allowAll = false }: { id: string; value: string; onChange: (queue: string) => void; allowAll?: boolean }) {
  const queues = useApi<QueueSummary[]>('/queues');
  const names = queues.data?.map((q) => q.name) ?? [];
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {allowAll ? <option value="">all queues</option> : null}
      {names.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );
}
