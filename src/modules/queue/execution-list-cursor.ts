import { InvalidJobSpecError } from '../../domain/errors';

/**
 * Where a page of a queue's executions ended (ExecutionStore.list), shared by every engine: the
 * last execution's creation time and id. The next page starts after that position in the order
 * (createdAt, id) descending, wherever the execution itself has gone, so executions created or
 * trimmed meanwhile make no page skip or repeat one. A partitioned queue's partitions are merged
 * by the same position.
 */
export interface ExecutionPosition {
  createdAt: number;
  id: string;
}

const MAX_ID_LENGTH = 300;

export function encodeExecutionCursor(position: ExecutionPosition): string {
  return `x${Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url')}`;
}

/** 400 naming `cursor` for a cursor no store returned. */
export function decodeExecutionCursor(cursor: string | undefined): ExecutionPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (cursor.startsWith('x')) {
    try {
      const value: unknown = JSON.parse(Buffer.from(cursor.slice(1), 'base64url').toString('utf8'));
      if (Array.isArray(value) && value.length === 2) {
        const [createdAt, id] = value as unknown[];
        if (Number.isSafeInteger(createdAt) && (createdAt as number) >= 0 && typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH) {
          return { createdAt: createdAt as number, id };
        }
      }
    } catch {
      // falls through to the error below
    }
  }
  throw new InvalidJobSpecError('cursor', 'is not a cursor this store returned');
}

/**
 * Whether execution `a` comes before `b` in the listing: newer first, then the greater id (as
 * Redis orders the members of one score: by bytes; ids are ASCII, so by UTF-16 units is the same).
 */
export function executionBefore(a: ExecutionPosition, b: ExecutionPosition): boolean {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}
