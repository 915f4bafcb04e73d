import { InvalidJobSpecError } from '../../../domain/errors';
import { NAME_PATTERN } from '../../../domain/job';

/**
 * Where a Redis listing stopped: the index it was walking (position in the walk order), and the
 * score and id of the last entry seen there. Resuming from the id's rank keeps pages exact while
 * the index changes; when the id has left the index, the score bounds the resume point.
 */
export interface RedisListPosition {
  index: number;
  score: number;
  id: string;
  /**
   * In the walk's segment of the named groups' pending jobs (one segment standing for every named
   * group): the group, and which of its two indexes (0: its zset, 1: its list).
   */
  group?: { name: string; list: 0 | 1 };
}

export function encodeRedisListCursor(p: RedisListPosition): string {
  const value = p.group ? [p.index, p.score, p.id, p.group.name, p.group.list] : [p.index, p.score, p.id];
  return `r${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
}

/**
 * A cursor comes back from clients, so it is checked against the walk it resumes: the index must
 * name one of its segments, and in a list segment the score is a rank (a safe non-negative
 * integer), which the lister turns into LPOS/LRANGE bounds.
 */
export function decodeRedisListCursor(cursor: string | undefined, walk: readonly { list: boolean; groups?: boolean }[]): RedisListPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = new InvalidJobSpecError('cursor', 'is not a cursor this store returned');
  if (!cursor.startsWith('r')) throw invalid;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor.slice(1), 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [index, score, id] = value as unknown[];
      if (isPosition(index, score, id, walk)) return { index, score: score as number, id: id as string };
    }
    if (Array.isArray(value) && value.length === 5) {
      const [index, score, id, name, list] = value as unknown[];
      if (
        typeof index === 'number' &&
        walk[index]?.groups === true &&
        typeof name === 'string' &&
        NAME_PATTERN.test(name) &&
        (list === 0 || list === 1) &&
        isPosition(index, score, id, walk) &&
        (list === 0 || (Number.isSafeInteger(score) && (score as number) >= -1))
      ) {
        return { index, score: score as number, id: id as string, group: { name, list } };
      }
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
