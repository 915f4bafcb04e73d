import { AppConfig } from './app-config';

/**
 * The warning to log at start when partition counts are set for the memory store, which ignores
 * them (job-engine.factory.ts), else undefined.
 */
export function memoryPartitionsWarning(config: AppConfig): string | undefined {
  if (config.jobStore !== 'memory') return undefined;
  const partitioned = [...config.queuePartitions].filter(([, n]) => n > 1).map(([queue, n]) => `${queue}:${n}`);
  if (partitioned.length === 0) return undefined;
  return (
    `partition counts are ignored with JOB_STORE=memory (${partitioned.join(', ')}): partitions spread a queue over ` +
    'Redis hash slots, and the memory store is one process, where they buy nothing; each queue is one partition here'
  );
}
