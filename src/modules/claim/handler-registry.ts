import { NAME_PATTERN } from '../../domain/job';
import { JobHandlerFn } from './job-context';

/**
 * Job type -> handler, for this process. Filled by @JobHandler discovery at start and by
 * embedding code (`registry.register('type', fn)`) at any time. One handler per type: a second
 * registration is a wiring mistake and stops the start.
 */
export class HandlerRegistry {
  private readonly handlers = new Map<string, JobHandlerFn>();

  register<P = unknown, R = unknown>(type: string, handler: JobHandlerFn<P, R>): void {
    if (!NAME_PATTERN.test(type)) throw new Error(`job type "${type}" must match [A-Za-z0-9_.:-]{1,100}`);
    if (this.handlers.has(type)) throw new Error(`a handler for job type "${type}" is already registered`);
    this.handlers.set(type, handler as JobHandlerFn);
  }

  get(type: string): JobHandlerFn | undefined {
    return this.handlers.get(type);
  }

  types(): string[] {
    return [...this.handlers.keys()].sort();
  }
}
