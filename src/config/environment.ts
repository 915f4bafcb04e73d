import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/**
 * Every environment variable claimq reads, with its default. Validated once at start; a bad value
 * stops the process with the variable's name and the reason. Nothing else reads process.env.
 */
export class EnvironmentVariables {
  @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsIn(['all', 'api', 'worker'])
  MODE: 'all' | 'api' | 'worker' = 'all';

  @IsIn(['memory', 'redis'])
  JOB_STORE: 'memory' | 'redis' = 'memory';

  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis:// or rediss://' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  @Matches(/^[A-Za-z0-9_.-]{1,50}$/, { message: 'REDIS_PREFIX must match [A-Za-z0-9_.-]{1,50}' })
  REDIS_PREFIX = 'claimq';

  @Transform(toInt) @IsInt() @Min(1000)
  LEASE_MS = 300_000;

  @Transform(toInt) @IsInt() @Min(100)
  HEARTBEAT_MS = 60_000;

  @Transform(toInt) @IsInt() @Min(100)
  REAPER_INTERVAL_MS = 15_000;

  @Transform(toInt) @IsOptional() @IsInt() @Min(100)
  WORKER_DEAD_MS?: number;

  @Transform(toInt) @IsInt() @Min(1) @Max(10_000)
  WORKER_CONCURRENCY = 50;

  @Matches(/^[A-Za-z0-9_.:-]{1,100}(,[A-Za-z0-9_.:-]{1,100})*$/, {
    message: 'QUEUES must be a comma-separated list of names matching [A-Za-z0-9_.:-]{1,100}',
  })
  QUEUES = 'default';

  @Transform(toInt) @IsInt() @Min(1) @Max(64 * 1024 * 1024)
  MAX_PAYLOAD_BYTES = 512 * 1024;

  @Transform(toInt) @IsInt() @Min(0)
  SUCCEEDED_RETENTION_MS = 24 * 3600 * 1000;

  @Transform(toInt) @IsInt() @Min(0)
  FAILED_RETENTION_MS = 7 * 24 * 3600 * 1000;

  @Transform(toInt) @IsInt() @Min(0)
  SHUTDOWN_GRACE_MS = 30_000;

  @IsOptional() @IsString()
  HTTP_JOB_ALLOWED_HOSTS?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';
}

export function validateEnvironment(raw: Record<string, unknown>): EnvironmentVariables {
  const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
  const env = plainToInstance(EnvironmentVariables, present, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const reasons = Object.values(e.constraints ?? {}).join('; ');
      return `${e.property}=${JSON.stringify(raw[e.property])}: ${reasons}`;
    });
    throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return env;
}
