import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClaimqModule } from './claimq.module';
import { claimqConfig } from './claimq-options';
import { configureApp } from './configure-app';
import { secretsAtRestWarning } from './config/secrets-at-rest-warning';
import { memoryPartitionsWarning } from './config/memory-partitions-warning';
import { openAccessWarning } from './http/open-access-warning';

async function bootstrap(): Promise<void> {
  // the settings from the environment, checked before Nest starts so a bad one stops the process with its name
  const options = { settings: process.env };
  let config;
  try {
    config = claimqConfig(options);
  } catch (err) {
    process.stderr.write(`claimq: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const app = await NestFactory.create(ClaimqModule.forRoot(options), { bufferLogs: true });
  configureApp(app);
  closeOnSignals(app, config.shutdownGraceMs);
  exitOnPromiseLeaks();
  await app.listen(config.port, config.host);
  Logger.log(`claimq listening on ${config.host}:${config.port} (mode=${config.mode}, store=${config.jobStore})`, 'Bootstrap');
  for (const warning of [openAccessWarning(config), secretsAtRestWarning(config), memoryPartitionsWarning(config)]) {
    if (warning !== undefined) Logger.warn(warning, 'Bootstrap');
  }
}

/** After the grace period: the worker's bounded settle (1 s), then closing the store and the database. */
const SHUTDOWN_BACKSTOP_MARGIN_MS = 1_800;

/**
 * SIGTERM/SIGINT close the app (the workers drain in ClaimModule's beforeApplicationShutdown, the
 * store closes, the HTTP server stops) and then exit 0. This replaces app.enableShutdownHooks():
 * it runs the same hooks, but Nest re-raises the signal once they are done, so a clean drain
 * would end as "killed by SIGTERM", which orchestrators and the fault tests read as a crash.
 */
function closeOnSignals(app: INestApplication, graceMs: number): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      Logger.log(`${signal}: shutting down`, 'Bootstrap');
      // The backstop: whatever hangs (a store that neither answers nor fails, a stuck close hook),
      // the process is gone within SHUTDOWN_GRACE_MS + 2 s, as orchestrators' grace periods expect.
      setTimeout(() => {
        Logger.error(`shutdown did not finish within SHUTDOWN_GRACE_MS + ${SHUTDOWN_BACKSTOP_MARGIN_MS} ms; exiting`, undefined, 'Bootstrap');
        Logger.flush();
        process.exit(1);
      }, graceMs + SHUTDOWN_BACKSTOP_MARGIN_MS).unref();
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
 * A rejected promise nobody awaited is a bug, and this process does not survive it. Keeping on
 * serving would hide it: the loops that run here (claim, heartbeat, history drain) are promises
 * themselves, so the usual leak is one of them having died, leaving a process that looks live but
 * claims or drains nothing. No Redis outage path needs this handler: every store call is awaited
 * and its failure handled where it happens (the outage fault tests check that the API and the
 * workers stay up while Redis is down). So: log it once, structured at fatal level with its stack
 * (nestjs-pino puts an Error under `err`), then exit 1 as Node would, and let the orchestrator
 * restart us. The leases this process held expire and their jobs run again (at-least-once).
 */
function exitOnPromiseLeaks(): void {
  process.on('unhandledRejection', (reason: unknown) => {
    const err = reason instanceof Error ? reason : new Error(`non-Error rejection: ${String(reason)}`);
    Logger.fatal(err, 'UnhandledRejection');
    Logger.flush();
    process.exit(1);
  });
}

void bootstrap();
