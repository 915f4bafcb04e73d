import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './app-config';

/**
 * Provides the AppConfig the application was built with, to every module. The config is loaded
 * and validated before Nest starts (main.ts: loadAppConfig, which stops the process naming the bad
 * variable); tests build one with AppConfig.from({...}). Providing that very instance, rather than
 * re-reading process.env here, is what lets an e2e test run the app on a config of its own.
 */
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppConfigModule,
      global: true,
      providers: [{ provide: AppConfig, useValue: config }],
      exports: [AppConfig],
    };
  }
}
