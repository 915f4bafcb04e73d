/**
 * The idempotency key of a job's callback job (src/domain/job-callback.ts): `claimq.callback:<job
 * id>:<end time>`, the end time as the store holds it, epoch ms, not the ISO-8601 text the API
 * shows it as. The job page finds the callback job by this key.
 */
export function callbackIdempotencyKey(job: { id: string; finishedAt?: string; updatedAt: string }): string {
  return `claimq.callback:${job.id}:${Date.parse(job.finishedAt ?? job.updatedAt)}`;
}
