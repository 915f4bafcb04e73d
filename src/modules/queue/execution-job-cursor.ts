import { InvalidJobSpecError } from '../../domain/errors';

/** The cursor of an execution's job list, shared by both stores: an offset (the list never changes). */
export function encodeOffsetCursor(offset: number): string {
  return `e${offset}`;
}

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  const m = /^e(\d{1,9})$/.exec(cursor);
  if (!m) throw new InvalidJobSpecError('cursor', 'is not a cursor this store returned');
  return Number(m[1]);
}
