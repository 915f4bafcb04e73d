import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ClaimqModule } from '../../src/claimq.module';
import { ClaimqModuleOptions } from '../../src/claimq-options';
import { AppConfig } from '../../src/config/app-config';
import { configureApp } from '../../src/configure-app';
import { createOpenApiDocument } from '../../src/http/openapi';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { checkedRequest, OpenApiResponseCheck } from '../support/openapi-response-check';

export interface E2eApp {
  app: INestApplication;
  config: AppConfig;
  /** The app's own store, to move jobs through states the API cannot (claim, fail). */
  store: JobEngine;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * Queues the API accepts only what QUEUES lists, so each test file draws its "unique" queues from
 * a pool named up front, and every app it starts accepts the whole pool (and `default`).
 */
const QUEUE_POOL = Array.from({ length: 96 }, (_, i) => `e2e${i}-${randomBytes(4).toString('hex')}`);
let drawn = 0;

/** QUEUES of an app started without one: `default` and the whole pool of uniqueQueue(). */
export const E2E_QUEUES = ['default', ...QUEUE_POOL].join(',');

/**
 * The real app, built as main.ts builds it (ClaimqModule.forRoot + configureApp), on a config of the
 * test's own. MODE=api: no worker claims the jobs the test is looking at. `options`: module options
 * that are not settings (a TracerProvider whose spans the test reads).
 */
export async function startE2eApp(env: Record<string, string> = {}, options: Pick<ClaimqModuleOptions, 'tracerProvider'> = {}): Promise<E2eApp> {
  const settings = { MODE: 'api', LOG_LEVEL: 'silent', QUEUES: E2E_QUEUES, ...env };
  const moduleRef = await Test.createTestingModule({ imports: [ClaimqModule.forRoot({ settings, ...options })] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureApp(app);
  await app.init();
  const config = app.get(AppConfig);
  let check: OpenApiResponseCheck | undefined;
  const responseCheck = (): OpenApiResponseCheck => (check ??= new OpenApiResponseCheck(createOpenApiDocument(app, config)));
  return {
    app,
    config,
    store: app.get(JobEngine),
    /** supertest on the app; every response is checked against the app's OpenAPI document. */
    http: () => checkedRequest(app.getHttpServer(), responseCheck),
    close: () => app.close(),
  };
}

/** A queue name no other test uses, so counts and lists see only this test's jobs; in E2E_QUEUES. */
export function uniqueQueue(): string {
  const queue = QUEUE_POOL[drawn++];
  if (queue === undefined) throw new Error(`uniqueQueue: the pool of ${QUEUE_POOL.length} queues is used up; make it larger`);
  return queue;
}
