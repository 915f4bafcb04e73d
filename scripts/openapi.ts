/**
 * `npm run openapi`: writes the OpenAPI document of a whole instance (MODE=all, every module, API
 * keys enforced, worker keys among them, so the bearer requirement and every 403 are in it) to clients/typescript/openapi.json, the file
 * the typed client's types are generated from (clients/typescript/src/schema.ts). test/contract
 * openapi-document.spec.ts fails when either file differs from what the code serves.
 */
import { Test } from '@nestjs/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClaimqModule } from '../src/claimq.module';
import { AppConfig } from '../src/config/app-config';
import { configureApp } from '../src/configure-app';
import { createOpenApiDocument } from '../src/http/openapi';

export const OPENAPI_FILE = join(__dirname, '..', 'clients', 'typescript', 'openapi.json');

/** The settings of the instance whose document is published: every route, bearer keys on. */
export const PUBLISHED_SPEC_SETTINGS = { MODE: 'all', LOG_LEVEL: 'silent', JOB_STORE: 'memory', API_KEYS: 'published-spec-placeholder-key-0000', API_KEYS_WORKER: 'published-spec-worker-key-0000@*' } as const;

export async function publishedOpenApiDocument(): Promise<object> {
  const moduleRef = await Test.createTestingModule({ imports: [ClaimqModule.forRoot({ settings: { ...PUBLISHED_SPEC_SETTINGS } })] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureApp(app);
  await app.init();
  try {
    return createOpenApiDocument(app, app.get(AppConfig));
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  publishedOpenApiDocument().then(
    (doc) => {
      writeFileSync(OPENAPI_FILE, JSON.stringify(doc, null, 2) + '\n');
      process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
