import { CreateJobDto } from './create-job.dto';
export declare class BulkCreateJobsDto {
    jobs: CreateJobDto[];
}
