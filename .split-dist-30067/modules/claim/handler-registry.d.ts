import { JobHandlerFn } from './job-context';
/**
 * Job type -> handler, for this process. Filled by @JobHandler discovery at start and by
 * embedding code (`registry.register('type', fn)`) at any time. One handler per type: a second
 * registration is a wiring mistake and stops the start.
 */
export declare class HandlerRegistry {
    private readonly handlers;
    register<P = unknown, R = unknown>(type: string, handler: JobHandlerFn<P, R>): void;
    get(type: string): JobHandlerFn | undefined;
    types(): string[];
}
