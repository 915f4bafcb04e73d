import type { Response } from 'undici';
export interface CappedBody {
  text: string;
  truncated: boolean;
}

/** Reads at most limit bytes of a response body as UTF-8 and cancels the rest. */
export async function readCappedBody(response: Response, limit: number): Promise<CappedBody> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      await reader.cancel().catch(() => undefined);
      return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
}
