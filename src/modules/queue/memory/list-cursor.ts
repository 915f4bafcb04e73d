import { InvalidJobSpecError } from '../../../domain/errors';

/** The memory store's list cursor: the index sequence number of the last job returned, base 36. */
export function encodeListCursor(seq: number): string {
  return `m${seq.toString(36)}`;
}

export function decodeListCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^m[0-9a-z]{1,11}$/.test(cursor)) throw new InvalidJobSpecError('cursor', 'is not a cursor this store returned');
  return parseInt(cursor.slice(1), 36);
}
