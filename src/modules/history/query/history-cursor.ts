import { InvalidJobSpecError } from '../../../domain/errors';

/** Position after the last item of a page (newest first): its created_at and id. */
export interface HistoryCursor {
  createdAt: number;
  id: string;
}

export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** Throws InvalidJobSpecError('cursor', ...) (a 400) for a cursor this service did not make. */
export function decodeHistoryCursor(text: string): HistoryCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isFinite(value[0]) && typeof value[1] === 'string') {
      return { createdAt: value[0] as number, id: value[1] };
    }
  } catch {
    // fall through
  }
  throw new InvalidJobSpecError('cursor', 'is not a cursor this service returned');
}
