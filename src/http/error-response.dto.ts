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

  @ApiProperty({
    example: 'job_not_found',
    description:
      'A machine-readable cause: `validation_failed`, `invalid_json`, `invalid_job`, `payload_too_large`, `unsupported_media_type`, `unauthorized`, ' +
      '`forbidden`, `not_found`, `job_not_found`, `execution_not_found`, `schedule_not_found`, `invalid_transition`, `store_unavailable`, ' +
      '`store_out_of_memory`, `internal_error`',
  })
  code: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Each invalid field and why (400, 413, 415)' })
  errors?: FieldErrorDto[];
}
