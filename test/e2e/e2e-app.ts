import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { AppModule } from '../../src/app.module';
import { AppConfig } from '../../src/config/app-config';
import { configureApp } from '../../src/configure-app';
import { JobStore } from '../../src/modules/queue/job-store';

export interface E2eApp {
  app: INestApplication;
  config: AppConfig;
  /** The app's own store, to move jobs through states the API cannot (claim, fail). */
  store: JobStore;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * The real app, built as main.ts builds it (AppModule.forRoot + configureApp), on a config of the
 * test's own. MODE=api: no worker claims the jobs the test is looking at.
 */
export async function startE2eApp(env: Record<string, string> = {}): Promise<E2eApp> {
  const config = AppConfig.from({ MODE: 'api', LOG_LEVEL: 'silent', ...env });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureApp(app, config);
  await app.init();
  return {
    app,
    config,
    store: app.get(JobStore),
    http: () => request(app.getHttpServer()),
    close: () => app.close(),
  };
}

/** A queue name no other test uses, so counts and lists see only this test's jobs. */
export function uniqueQueue(label = 'q'): string {
  return `${label}-${randomBytes(4).toString('hex')}`;
}
