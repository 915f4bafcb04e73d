/**
 * Attribute names of claimq's spans. The messaging ones are the OpenTelemetry semantic
 * conventions' (still incubating, so copied here as the conventions package advises, rather than
 * imported from its unstable entry point); the claimq.* ones are claimq's own.
 */
export declare const MESSAGING_SYSTEM_NAME = "messaging.system.name";
export declare const MESSAGING_OPERATION_TYPE = "messaging.operation.type";
export declare const MESSAGING_OPERATION_NAME = "messaging.operation.name";
export declare const MESSAGING_DESTINATION_NAME = "messaging.destination.name";
export declare const MESSAGING_MESSAGE_ID = "messaging.message.id";
export declare const MESSAGING_BATCH_MESSAGE_COUNT = "messaging.batch.message_count";
/** The worker id: the consumer that claimed (messaging.client.id). */
export declare const MESSAGING_CLIENT_ID = "messaging.client.id";
export declare const CLAIMQ = "claimq";
export declare const CLAIMQ_JOB_TYPE = "claimq.job.type";
/** The attempt's number, 1 on the first. */
export declare const CLAIMQ_JOB_ATTEMPT = "claimq.job.attempt";
/** How the attempt ended (RunOutcome). */
export declare const CLAIMQ_JOB_OUTCOME = "claimq.job.outcome";
/** A failed attempt's error: retryable (true) or the job's end (false). */
export declare const CLAIMQ_JOB_RETRYABLE = "claimq.job.retryable";
export declare const CLAIMQ_EXECUTION_ID = "claimq.execution.id";
export declare const CLAIMQ_SCHEDULE_NAME = "claimq.schedule.name";
