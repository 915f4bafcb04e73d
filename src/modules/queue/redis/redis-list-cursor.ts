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

/**
 * A cursor comes back from clients, so it is checked against the walk it resumes: the index must
 * name one of its segments, and in a list segment the score is a rank (a safe non-negative
 * integer), which the lister turns into LPOS/LRANGE bounds.
 */
export function decodeRedisListCursor(cursor: string | undefined, walk: readonly { list: boolean }[]): RedisListPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = new InvalidJobSpecError('cursor', 'is not a cursor this store returned');
  if (!cursor.startsWith('r')) throw invalid;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor.slice(1), 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [index, score, id] = value as unknown[];
      if (isPosition(index, score, id, walk)) return { index, score: score as number, id: id as string };
    }
  } catch {
    // falls through to the error below
  }
  throw invalid;
}

function isPosition(index: unknown, score: unknown, id: unknown, walk: readonly { list: boolean }[]): index is number {
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= walk.length) return false;
  if (typeof score !== 'number' || !Number.isFinite(score) || typeof id !== 'string') return false;
  return !walk[index].list || (Number.isSafeInteger(score) && score >= 0);
}
