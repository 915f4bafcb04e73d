import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { DEFAULT_HTTP_JOB_METHOD, HTTP_JOB_METHODS, HttpJobMethod } from '../../../domain/http-job';
import { jsonValueProperty } from '../../../http/openapi-schemas';
import { OpaqueJson } from '../../../http/opaque-json.decorator';
import { IsHttpUrl } from '../validation/is-http-url.decorator';
import { IsHttpHeaders } from '../validation/is-http-headers.decorator';

/**
 * The payload of the built-in `http` job type, checked at enqueue so a typo fails the request
 * rather than every attempt. Stored as sent: the handler applies the method default (POST).
 */
export class HttpJobPayloadDto {
  @ApiProperty({ example: 'https://example.com/hooks/report', description: 'Absolute http or https URL to call' })
  @IsHttpUrl()
  url: string;

  @ApiPropertyOptional({ enum: HTTP_JOB_METHODS, default: DEFAULT_HTTP_JOB_METHOD })
  @IsOptional()
  @IsIn(HTTP_JOB_METHODS)
  method?: HttpJobMethod;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description:
      'Request headers. The values of secret ones (HTTP_SECRET_HEADERS: Authorization, Proxy-Authorization, Cookie, X-Api-Key by default) ' +
      'are encrypted at rest (SECRETS_KEYS) and shown as "[redacted]" in every response. Claimq-Signature is reserved (400): ' +
      'claimq sets it when CALLBACK_SIGNING_SECRET is on',
  })
  @IsOptional()
  @IsHttpHeaders()
  headers?: Record<string, string>;

  @ApiPropertyOptional(jsonValueProperty('Request body: any JSON value, sent as JSON'))
  @OpaqueJson()
  @Allow()
  body?: unknown;

  @ApiPropertyOptional({
    pattern: '^[A-Za-z_][A-Za-z0-9_]{0,99}$',
    example: 'parents',
    description:
      "A job of an execution's graph (dependsOn): the request body (an object, or none) gets its parents' results by key as this field. Unset: the body is sent as given",
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, { message: '$property must match [A-Za-z_][A-Za-z0-9_]{0,99}' })
  parentsField?: string;
}
