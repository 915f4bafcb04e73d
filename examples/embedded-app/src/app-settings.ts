import { Injectable } from '@nestjs/common';

/**
 * The app's own settings (in a real app: @nestjs/config's ConfigService). claimq's options are
 * built from them by ClaimqModule.forRootAsync's factory.
 */
@Injectable()
export class AppSettings {
  readonly port = Number(process.env.PORT ?? 3000);
  readonly host = process.env.HOST ?? '127.0.0.1';
  /** Unset: jobs live in this process's memory. */
  readonly redisUrl = process.env.REDIS_URL;
  readonly redisPrefix = process.env.REDIS_PREFIX ?? 'invoices-app';
  readonly logLevel = process.env.LOG_LEVEL ?? 'info';
}
