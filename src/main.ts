import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadAppConfig } from './config/app-config';
import { configureApp } from './configure-app';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadAppConfig();
  } catch (err) {
    process.stderr.write(`claimq: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const app = await NestFactory.create(AppModule.forRoot(config), { bufferLogs: true });
  configureApp(app, config);
  closeOnSignals(app);
  await app.listen(config.port, config.host);
  Logger.log(`claimq listening on ${config.host}:${config.port} (mode=${config.mode}, store=${config.jobStore})`, 'Bootstrap');
}

/**
 * SIGTERM/SIGINT close the app (the workers drain in ClaimModule's beforeApplicationShutdown, the
 * store closes, the HTTP server stops) and then exit 0. This replaces app.enableShutdownHooks():
 * it runs the same hooks, but Nest re-raises the signal once they are done, so a clean drain
 * would end as "killed by SIGTERM", which orchestrators and the fault tests read as a crash.
 */
function closeOnSignals(app: INestApplication): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      Logger.log(`${signal}: shutting down`, 'Bootstrap');
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          Logger.error(`shutdown failed: ${(err as Error).stack ?? String(err)}`, undefined, 'Bootstrap');
          process.exit(1);
        },
      );
    });
  }
}

void bootstrap();
