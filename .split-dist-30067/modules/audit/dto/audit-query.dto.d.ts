import { PageQueryDto } from '../../jobs';
/** GET /audit: the listings' paging, whose cursor here is an entry id. */
export declare class AuditQueryDto extends PageQueryDto {
    cursor?: string;
}
