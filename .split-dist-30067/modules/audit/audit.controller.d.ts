import type { Request } from 'express';
import { AuditTrail } from './audit-trail.service';
import { AuditPageResponseDto } from './dto/audit-entry-response.dto';
import { AuditQueryDto } from './dto/audit-query.dto';
import { WhoamiResponseDto } from './dto/whoami-response.dto';
export declare class AuditController {
    private readonly trail;
    constructor(trail: AuditTrail);
    list(query: AuditQueryDto): Promise<AuditPageResponseDto>;
    whoami(req: Request): WhoamiResponseDto;
}
