"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CLAIMQ_SCHEDULE_NAME = exports.CLAIMQ_EXECUTION_ID = exports.CLAIMQ_JOB_RETRYABLE = exports.CLAIMQ_JOB_OUTCOME = exports.CLAIMQ_JOB_ATTEMPT = exports.CLAIMQ_JOB_TYPE = exports.CLAIMQ = exports.MESSAGING_CLIENT_ID = exports.MESSAGING_BATCH_MESSAGE_COUNT = exports.MESSAGING_MESSAGE_ID = exports.MESSAGING_DESTINATION_NAME = exports.MESSAGING_OPERATION_NAME = exports.MESSAGING_OPERATION_TYPE = exports.MESSAGING_SYSTEM_NAME = void 0;
/**
 * Attribute names of claimq's spans. The messaging ones are the OpenTelemetry semantic
 * conventions' (still incubating, so copied here as the conventions package advises, rather than
 * imported from its unstable entry point); the claimq.* ones are claimq's own.
 */
exports.MESSAGING_SYSTEM_NAME = 'messaging.system.name';
exports.MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
exports.MESSAGING_OPERATION_NAME = 'messaging.operation.name';
exports.MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
exports.MESSAGING_MESSAGE_ID = 'messaging.message.id';
exports.MESSAGING_BATCH_MESSAGE_COUNT = 'messaging.batch.message_count';
/** The worker id: the consumer that claimed (messaging.client.id). */
exports.MESSAGING_CLIENT_ID = 'messaging.client.id';
exports.CLAIMQ = 'claimq';
exports.CLAIMQ_JOB_TYPE = 'claimq.job.type';
/** The attempt's number, 1 on the first. */
exports.CLAIMQ_JOB_ATTEMPT = 'claimq.job.attempt';
/** How the attempt ended (RunOutcome). */
exports.CLAIMQ_JOB_OUTCOME = 'claimq.job.outcome';
/** A failed attempt's error: retryable (true) or the job's end (false). */
exports.CLAIMQ_JOB_RETRYABLE = 'claimq.job.retryable';
exports.CLAIMQ_EXECUTION_ID = 'claimq.execution.id';
exports.CLAIMQ_SCHEDULE_NAME = 'claimq.schedule.name';
//# sourceMappingURL=span-attributes.js.map