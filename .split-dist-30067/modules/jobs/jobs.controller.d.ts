import type { Response } from 'express';
import { BulkCreateJobsResponseDto } from './dto/bulk-create-jobs-response.dto';
import { BulkCreateJobsDto } from './dto/bulk-create-jobs.dto';
import { CreateJobDto } from './dto/create-job.dto';
import { JobAttemptsResponseDto } from './dto/job-attempts-response.dto';
import { JobHistoryResponseDto } from './dto/job-history-response.dto';
import { JobListPageResponseDto } from './dto/job-list-page-response.dto';
import { JobResponseDto } from './dto/job-response.dto';
import { ListJobsQueryDto } from './dto/list-jobs-query.dto';
import { JobHistoryService } from './job-history.service';
import { JobsService } from './jobs.service';
export declare class JobsController {
    private readonly jobs;
    private readonly history;
    constructor(jobs: JobsService, history: JobHistoryService);
    create(dto: CreateJobDto, res: Response): Promise<JobResponseDto>;
    createMany(dto: BulkCreateJobsDto): Promise<BulkCreateJobsResponseDto>;
    list(query: ListJobsQueryDto): Promise<JobListPageResponseDto>;
    get(id: string): Promise<JobResponseDto | JobHistoryResponseDto>;
    attempts(id: string): Promise<JobAttemptsResponseDto>;
    cancel(id: string): Promise<JobResponseDto>;
    promote(id: string): Promise<JobResponseDto>;
    retry(id: string): Promise<JobResponseDto>;
}
