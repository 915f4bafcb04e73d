import { JobSpec } from '../../domain/job';
import { CreateJobDto } from './dto/create-job.dto';
/**
 * A validated request body -> the domain's JobSpec. Copies only the fields that were given, so
 * the DTO's unset (undefined or null) properties never override a domain default.
 */
export declare function toJobSpec(dto: CreateJobDto): JobSpec;
