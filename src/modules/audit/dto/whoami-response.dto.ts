import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class WhoamiResponseDto {
  @ApiProperty({
    enum: ['open', 'write', 'read', 'worker'],
    description: 'open: no API keys are configured; write: an API_KEYS key; read: an API_KEYS_READONLY key; worker: an API_KEYS_WORKER key (claim, heartbeat and settle only)',
  })
  access: 'open' | 'write' | 'read' | 'worker';

  @ApiProperty({ type: String, nullable: true, description: 'The key\'s id (`k_` + 12 hex of its sha256); null when open', example: 'k_3f2a9c01b7de' })
  keyId: string | null;

  @ApiPropertyOptional({ type: [String], description: "A worker key's queues (`[\"*\"]`: every queue)", example: ['invoices'] })
  queues?: string[];
}
