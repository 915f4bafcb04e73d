import { Job } from '../../domain/job';
import { JobResponseDto } from './dto/job-response.dto';
/**
 * The API's view of a job is the domain's job JSON (src/domain/job-json.ts), the very document the
 * worker POSTs to callback URLs: one mapping, so the two cannot drift.
 */
export declare function presentJob(job: Job): JobResponseDto;
