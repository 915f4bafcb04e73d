import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { requestAccess } from '../../http';
import { DEFAULT_LIST_LIMIT } from '../jobs';
import { presentAuditEntry } from './audit-entry.presenter';
import { AuditTrail } from './audit-trail.service';
import { AuditPageResponseDto } from './dto/audit-entry-response.dto';
import { AuditQueryDto } from './dto/audit-query.dto';
import { WhoamiResponseDto } from './dto/whoami-response.dto';

@ApiTags('audit')
@ApiBearerAuth()
@Controller()
export class AuditController {
  constructor(private readonly trail: AuditTrail) {}

  @Get('audit')
  @ApiOperation({ operationId: 'listAuditEntries', summary: 'The audit trail: changes made through the API (not job creation), newest first, paged' })
  @ApiOkResponse({ type: AuditPageResponseDto })
  @ApiBadRequestResponse({ description: 'limit or cursor is invalid; `errors` names it' })
  @ApiServiceUnavailableResponse({ description: 'Where the trail lives (job history, or the job store) is unreachable' })
  async list(@Query() query: AuditQueryDto): Promise<AuditPageResponseDto> {
    const page = await this.trail.list(query.limit ?? DEFAULT_LIST_LIMIT, query.cursor === undefined ? undefined : Number(query.cursor));
    return { items: page.items.map(presentAuditEntry), nextCursor: page.nextCursor };
  }

  @Get('whoami')
  @ApiOperation({ operationId: 'whoami', summary: 'What the key of this request may do, and its id' })
  @ApiOkResponse({ type: WhoamiResponseDto })
  whoami(@Req() req: Request): WhoamiResponseDto {
    const { access, keyId, queues } = requestAccess(req);
    const whoami: WhoamiResponseDto = { access, keyId };
    if (queues !== undefined) whoami.queues = queues === '*' ? ['*'] : [...queues];
    return whoami;
  }
}
