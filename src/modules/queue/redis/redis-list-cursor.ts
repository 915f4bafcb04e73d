import { InvalidJobSpecError } from '../../../domain/errors';

/**
 * Where a Redis listing stopped: the index it was walking (position in the walk order), and the
 * score and id of the last entry seen there. Resuming from the id's rank keeps pages exact while
 * the index changes; when the id has left the index, the score bounds the resume point.
 */
export interface RedisListPosition {
  index: number;
  score: number;
  id: string;
}

export function encodeRedisListCursor(p: RedisListPosition): string {
  return `r${Buffer.from(JSON.stringify([p.index, p.score, p.id])).toString('base64url')}`;
}

export function decodeRedisListCursor(cursor: string | undefined): RedisListPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = new InvalidJobSpecError('cursor', 'is not a cursor this store returned');
  if (!cursor.startsWith('r')) throw invalid;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor.slice(1), 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [index, score, id] = value as unknown[];
      if (Number.isInteger(index) && typeof score === 'number' && typeof id === 'string') {
        return { index: index as number, score, id };
      }
    }
  } catch {
    // falls through to the error below
  }
  throw invalid;
}
