import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { configureApp } from 'claimq';
import { AppSettings } from './app-settings';
import { AppModule } from './app.module';

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { bufferLogs: true });
  // claimq's HTTP setup: JSON logs, API keys, body limits, validation, error mapping, OpenAPI
  configureApp(app);
  // SIGTERM: the workers drain (claimq's shutdown hooks), then the process exits
  app.enableShutdownHooks();
  const settings = app.get(AppSettings);
  await app.listen(settings.port, settings.host);
  process.stdout.write(`embedded-app listening on ${settings.host}:${settings.port}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
