/**
 * Attribute names of claimq's spans. The messaging ones are the OpenTelemetry semantic
 * conventions' (still incubating, so copied here as the conventions package advises, rather than
 * imported from its unstable entry point); the claimq.* ones are claimq's own.
 */
export const MESSAGING_SYSTEM_NAME = 'messaging.system.name';
export const MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
export const MESSAGING_OPERATION_NAME = 'messaging.operation.name';
export const MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
export const MESSAGING_MESSAGE_ID = 'messaging.message.id';
export const MESSAGING_BATCH_MESSAGE_COUNT = 'messaging.batch.message_count';
/** The worker id: the consumer that claimed (messaging.client.id). */
export const MESSAGING_CLIENT_ID = 'messaging.client.id';

export const CLAIMQ = 'claimq';
export const CLAIMQ_JOB_TYPE = 'claimq.job.type';
/** The attempt's number, 1 on the first. */
export const CLAIMQ_JOB_ATTEMPT = 'claimq.job.attempt';
/** How the attempt ended (RunOutcome). */
export const CLAIMQ_JOB_OUTCOME = 'claimq.job.outcome';
/** A failed attempt's error: retryable (true) or the job's end (false). */
export const CLAIMQ_JOB_RETRYABLE = 'claimq.job.retryable';
export const CLAIMQ_EXECUTION_ID = 'claimq.execution.id';
/** On a run span's link to a parent's run (a graph job): the parent's key in the execution's graph. */
export const CLAIMQ_PARENT_KEY = 'claimq.parent.key';
export const CLAIMQ_SCHEDULE_NAME = 'claimq.schedule.name';
