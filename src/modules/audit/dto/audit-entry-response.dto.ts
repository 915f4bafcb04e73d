import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUDIT_ACTIONS } from '../../../domain/audit';

export class AuditEntryResponseDto {
  @ApiProperty({ description: 'Orders the trail: a newer entry has a larger id', example: '42' })
  id: string;

  @ApiProperty({ format: 'date-time' })
  at: string;

  @ApiProperty({ type: String, nullable: true, description: 'The API key\'s id (`k_` + 12 hex of its sha256), never the key; null when the API is open', example: 'k_3f2a9c01b7de' })
  keyId: string | null;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action: string;

  @ApiProperty({ description: '`job:<id>`, `queue:<name>`, `schedule:<name>`, `execution:<id>` or `queue:<name>/group:<group>`', example: 'job:default.0h2k...' })
  target: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Small facts of the change: the body of a settings or group change; the field names of a schedule put (never its values)',
  })
  details?: Record<string, unknown>;
}

export class AuditPageResponseDto {
  @ApiProperty({ type: [AuditEntryResponseDto], description: 'Newest first' })
  items: AuditEntryResponseDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last' })
  nextCursor: string | null;
}
