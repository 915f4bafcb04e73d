import { AppConfig } from './app-config';

/** The warning to log at start when secret headers would be stored in Redis unencrypted, else undefined. */
export function secretsAtRestWarning(config: AppConfig): string | undefined {
  if (config.secretsKeys.length > 0 || config.jobStore !== 'redis') return undefined;
  return (
    'no SECRETS_KEYS: the secret headers of http jobs (HTTP_SECRET_HEADERS) are stored unencrypted in Redis ' +
    '(the API still shows them as [redacted]); set SECRETS_KEYS to encrypt them at rest'
  );
}
