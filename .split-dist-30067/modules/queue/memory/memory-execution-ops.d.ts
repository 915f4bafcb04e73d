import { JobEvent } from '../../../domain/job-event';
import { ListPage } from '../job-store';
import { MemoryExecution } from './memory-executions';
import { MemoryQueue } from './memory-queue';
/** Execution reads and the cancel of a whole execution, over one MemoryQueue. */
export declare function requireExecution(q: MemoryQueue | undefined, id: string): MemoryExecution;
export declare function listExecutionJobs(q: MemoryQueue | undefined, id: string, limit: number, cursor?: string): ListPage;
/** pending|scheduled -> cancelled, running -> cancel requested; final jobs are left as they are. */
export declare function cancelExecutionJobs(q: MemoryQueue, execution: MemoryExecution, now: number): JobEvent[];
