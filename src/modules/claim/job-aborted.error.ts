export type AbortCause = 'timeout' | 'cancelled' | 'lost lease' | 'shutdown';

/** The `reason` of a job's AbortSignal: why the worker stopped waiting for the handler. */
export class JobAbortedError extends Error {
  constructor(
    readonly kind: AbortCause,
    message: string,
  ) {
    super(message);
    this.name = 'JobAbortedError';
  }
}
