import { AppConfig } from '../config/app-config';
/** The warning to log at start when the API is reachable beyond this machine without a key, else undefined. */
export declare function openAccessWarning(config: AppConfig): string | undefined;
