import { JobResponseDto } from './job-response.dto';
export declare class JobPageResponseDto {
    items: JobResponseDto[];
    nextCursor: string | null;
}
