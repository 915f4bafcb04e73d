import { PageQueryDto } from '../../jobs';
/** `GET /executions`: one queue's executions still in the store, paged. */
export declare class ListExecutionsQueryDto extends PageQueryDto {
    queue?: string;
}
