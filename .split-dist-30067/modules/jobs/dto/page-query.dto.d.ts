/** The paging of every listing: a page size and the cursor of the page before. */
export declare class PageQueryDto {
    limit?: number;
    cursor?: string;
}
