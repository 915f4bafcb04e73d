import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadAppConfig } from './config/app-config';
import { configureApp } from './configure-app';
import { openAccessWarning } from './http/open-access-warning';

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
  survivePromiseLeaks();
  await app.listen(config.port, config.host);
  Logger.log(`claimq listening on ${config.host}:${config.port} (mode=${config.mode}, store=${config.jobStore})`, 'Bootstrap');
  const warning = openAccessWarning(config);
  if (warning !== undefined) Logger.warn(warning, 'Bootstrap');
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

/**
 * A rejected promise nobody awaited is a bug, but in a long-running worker it must not take down
 * every job the process holds (Node's default is to exit): log it loudly and keep serving.
 */
function survivePromiseLeaks(): void {
  process.on('unhandledRejection', (reason: unknown) => {
    Logger.error(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`, undefined, 'Bootstrap');
  });
}

void bootstrap();
