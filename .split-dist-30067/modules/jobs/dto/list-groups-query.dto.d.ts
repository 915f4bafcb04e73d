import { PageQueryDto } from './page-query.dto';
declare const ListGroupsQueryDto_base: import("@nestjs/common").Type<Pick<PageQueryDto, "cursor">>;
/** GET /queues/:name/groups: the listings' cursor, and a page size of its own (groups are bigger rows). */
export declare class ListGroupsQueryDto extends ListGroupsQueryDto_base {
    limit?: number;
}
export {};
