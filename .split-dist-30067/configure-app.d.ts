import { INestApplication } from '@nestjs/common';
import { AppConfig } from './config/app-config';
/**
 * The HTTP setup shared by main.ts and the e2e tests, so tests exercise the same app: logs, API
 * keys, body limit, validation, error mapping, OpenAPI. Call before `init()`/`listen()`. Shutdown
 * hooks stay in main.ts. Order matters: the request logger comes first so that every request is
 * logged, the 401s of the key check included; the key check comes before anything it protects.
 */
export declare function configureApp(app: INestApplication, config?: AppConfig): void;
