import type { Response } from 'express';
import { JobPageResponseDto } from '../jobs';
import { CreateExecutionDto } from './dto/create-execution.dto';
import { CreatedExecutionResponseDto, ExecutionPageResponseDto, ExecutionResponseDto } from './dto/execution-response.dto';
import { ListExecutionsQueryDto } from './dto/list-executions-query.dto';
import { ListExecutionJobsQueryDto } from './dto/list-execution-jobs-query.dto';
import { ExecutionsService } from './executions.service';
export declare class ExecutionsController {
    private readonly executions;
    constructor(executions: ExecutionsService);
    create(dto: CreateExecutionDto, res: Response): Promise<CreatedExecutionResponseDto>;
    list(query: ListExecutionsQueryDto): Promise<ExecutionPageResponseDto>;
    get(id: string): Promise<ExecutionResponseDto>;
    jobs(id: string, query: ListExecutionJobsQueryDto): Promise<JobPageResponseDto>;
    cancel(id: string): Promise<ExecutionResponseDto>;
}
