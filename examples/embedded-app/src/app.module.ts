import { Module } from '@nestjs/common';
import { ClaimqModule } from 'claimq';
import { AppSettings } from './app-settings';
import { BatchJobs } from './batch.handler';
import { InvoiceJobs } from './invoice.handler';

@Module({ providers: [AppSettings], exports: [AppSettings] })
class SettingsModule {}

/**
 * claimq inside the app: its REST API (/jobs, /executions, /health, /metrics, /docs), its workers
 * and reaper, on the store the app's settings name, next to the app's own handler.
 */
@Module({
  imports: [
    SettingsModule,
    ClaimqModule.forRootAsync({
      imports: [SettingsModule],
      inject: [AppSettings],
      useFactory: (settings: AppSettings) => ({
        store: settings.redisUrl ? { redis: settings.redisUrl, prefix: settings.redisPrefix } : 'memory',
        queues: ['invoices', 'default'],
        worker: { concurrency: 8 },
        logLevel: settings.logLevel,
      }),
    }),
  ],
  providers: [InvoiceJobs, BatchJobs],
})
export class AppModule {}
