import { AppConfig } from './app-config';
/** The warning to log at start when secret headers would be stored in Redis unencrypted, else undefined. */
export declare function secretsAtRestWarning(config: AppConfig): string | undefined;
