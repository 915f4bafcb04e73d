import { Job } from '../../domain/job';
import { JobAttemptResponseDto } from './dto/job-attempts-response.dto';
/**
 * What the store itself knows of a job's attempts, without history: the store keeps the attempt
 * count, the start and worker of the latest attempt, the job's finish time and its last error.
 * So this describes the latest attempt only (none when the job never started). Its outcome is read
 * from the job's status; a job back in pending or scheduled ended its latest attempt by failing or
 * by losing its lease (the store's "lease expired" error says which).
 */
export declare function latestAttemptFromJob(job: Job): JobAttemptResponseDto[];
