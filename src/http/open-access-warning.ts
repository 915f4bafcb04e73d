import { AppConfig } from '../config/app-config';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);

/** The warning to log at start when the API is reachable beyond this machine without a key, else undefined. */
export function openAccessWarning(config: AppConfig): string | undefined {
  if (config.apiKeysEnforced || LOOPBACK_HOSTS.has(config.host.toLowerCase())) return undefined;
  return `listening on ${config.host} with no API_KEYS: anyone who can reach port ${config.port} can submit, cancel and read jobs`;
}
