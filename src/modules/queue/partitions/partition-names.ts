import { ExecutionRecord } from '../../../domain/execution';
import { Job, NewJob } from '../../../domain/job';
import { withPartition } from '../../../domain/job-id';
import { queueOfPartition } from '../../../domain/queue-partition';
import { PartitionLayout } from './partition-layout';

/** `job` as stored in partition `index` of `layout`: its queue the partition's name, its id naming it. */
export function placeIn(job: NewJob, layout: PartitionLayout, index: number): NewJob {
  if (index === 0) return job;
  const partition = layout.names[index];
  const placed: NewJob = { ...job, queue: partition, id: withPartition(job.id, partition) };
  // a graph's edges name its jobs' ids, which move with them (an execution stays in one partition)
  const graph = job.graph;
  if (graph?.parentIds || graph?.requiredByIds) {
    placed.graph = { ...graph };
    if (graph.parentIds) placed.graph.parentIds = graph.parentIds.map((p) => withPartition(p, partition));
    if (graph.requiredByIds) placed.graph.requiredByIds = graph.requiredByIds.map((p) => withPartition(p, partition));
  }
  return placed;
}

/** A job read from a partition, naming its queue (its id still names the partition). */
export function named(job: Job): Job {
  const queue = queueOfPartition(job.queue);
  return queue === job.queue ? job : { ...job, queue };
}

/** An execution read from a partition, naming its queue. */
export function namedExecution(record: ExecutionRecord): ExecutionRecord {
  const queue = queueOfPartition(record.queue);
  return queue === record.queue ? record : { ...record, queue };
}
