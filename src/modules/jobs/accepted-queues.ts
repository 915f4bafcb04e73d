import { InvalidJobSpecError } from '../../domain/errors';

/**
 * The queues the API takes jobs for: QUEUES, which workers also serve. A queue outside it would
 * never be claimed, yet would cost every instance a history stream and reaper calls for good.
 */
export class AcceptedQueues {
  private readonly names: ReadonlySet<string>;

  constructor(names: readonly string[]) {
    this.names = new Set(names);
  }

  /** Throws InvalidJobSpecError naming `field` when `queue` is not accepted. */
  check(queue: string, field: string): void {
    if (this.names.has(queue)) return;
    throw new InvalidJobSpecError(field, `must be one of the queues this service accepts (QUEUES): ${[...this.names].join(', ')}`);
  }
}
