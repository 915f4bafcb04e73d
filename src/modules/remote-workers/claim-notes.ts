import { Job } from '../../domain/job';

/** Jobs noted at once, at most; the oldest note goes first (its settle then asks the store). */
const MAX_NOTES = 100_000;

/**
 * What this API process remembers of the jobs it handed to remote workers, until they are settled:
 * each job's record without its payload, so a settle knows the job's queue, type and start for the
 * worker metrics, and whether it has a callback, without reading the job back. A settle that
 * reaches another process (or comes after the note was dropped) finds none: its callback check
 * reads the store instead, and the metrics of that job are not recorded.
 */
export class ClaimNotes {
  private readonly notes = new Map<string, Job>();

  add(job: Job): void {
    if (this.notes.size >= MAX_NOTES) this.notes.delete(this.notes.keys().next().value as string);
    this.notes.set(job.id, { ...job, payload: null });
  }

  /** The note of a job, forgotten as it is read. */
  take(id: string): Job | undefined {
    const note = this.notes.get(id);
    if (note !== undefined) this.notes.delete(id);
    return note;
  }
}
