import { ExecutionRecord } from '../../../domain/execution';
import { JobHash } from './redis-job-codec';
/**
 * The execution counters hash (src/lua/includes/execution-counters.lua): one field per job status,
 * t total, ct/ut created/updated, v version, cb callback url, cbq callback enqueued ('1').
 */
export declare function decodeExecution(id: string, h: JobHash): ExecutionRecord;
