import { CreateJobDto } from '../../jobs';
export declare class CreateExecutionDto {
    jobs: CreateJobDto[];
    callbackUrl?: string;
    idempotencyKey?: string;
}
