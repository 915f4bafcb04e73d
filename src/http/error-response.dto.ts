import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorBody, FieldError } from './error-body';

export class FieldErrorDto implements FieldError {
  @ApiProperty({ example: 'backoff.delayMs', description: 'The path of the field: `backoff.delayMs`, `jobs.3.type`, `content-type`' })
  field: string;

  @ApiProperty({ example: 'must not be less than 0' })
  reason: string;
}

/** The body of every error response (ErrorBody), as the OpenAPI document names it. */
export class ErrorResponseDto implements ErrorBody {
  @ApiProperty({ example: 400, description: 'The HTTP status, repeated' })
  statusCode: number;

  @ApiProperty({ example: 'Bad Request', description: "The status's reason phrase" })
  error: string;

  @ApiProperty({ example: 'backoff.delayMs must not be less than 0' })
  message: string;

  @ApiPropertyOptional({ example: 'job_not_found', description: 'A machine-readable cause: `job_not_found`, `invalid_transition`, `store_unavailable`, `payload_too_large`, `unauthorized`, `forbidden`, `unsupported_media_type`, ...' })
  code?: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Each invalid field and why (400, 413, 415)' })
  errors?: FieldErrorDto[];
}
