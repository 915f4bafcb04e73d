import 'reflect-metadata';
import { Logger } from '@nestjs/common';
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
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  Logger.log(`claimq listening on ${config.host}:${config.port} (mode=${config.mode}, store=${config.jobStore})`, 'Bootstrap');
}

void bootstrap();
