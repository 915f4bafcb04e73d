export declare class BulkCreateJobsResponseDto {
    ids: string[];
}
