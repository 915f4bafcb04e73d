import { InvalidJobSpecError } from '../../../domain/errors';

/** Where a listing of a partitioned queue stopped: the partition it was walking and that partition's own cursor. */
export interface PartitionPosition {
  index: number;
  inner: string | undefined;
}

/** `p<index>.<the partition's cursor>`: a listing walks partition after partition, each in its own order. */
export function encodePartitionCursor(position: PartitionPosition): string {
  return `p${position.index}.${position.inner ?? ''}`;
}

/** The position a cursor names (the first partition's start without one); 400 for a cursor this store did not return. */
export function decodePartitionCursor(cursor: string | undefined, partitions: number): PartitionPosition {
  if (cursor === undefined || cursor === '') return { index: 0, inner: undefined };
  const match = /^p([0-9]{1,2})\.(.*)$/s.exec(cursor);
  if (!match || Number(match[1]) >= partitions) throw new InvalidJobSpecError('cursor', 'is not a cursor this store returned');
  return { index: Number(match[1]), inner: match[2] === '' ? undefined : match[2] };
}
