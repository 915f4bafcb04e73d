import { DynamicModule, Module, Provider } from '@nestjs/common';
import { AppConfig } from './app-config';

/**
 * Provides claimq's AppConfig to its modules. Built before the modules that read it: from
 * validated settings (ClaimqModule.forRoot: the service's environment, or an embedding app's
 * options), or by a factory (ClaimqModule.forRootAsync). Tests build one with AppConfig.from({...}).
 * Global, as @nestjs/config's ConfigModule is: every claimq module reads it.
 */
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return AppConfigModule.with({ provide: AppConfig, useValue: config });
  }

  static forRootAsync(provider: Provider<AppConfig>, imports: DynamicModule['imports'] = []): DynamicModule {
    return { ...AppConfigModule.with(provider), imports };
  }

  private static with(provider: Provider<AppConfig>): DynamicModule {
    return { module: AppConfigModule, global: true, providers: [provider], exports: [AppConfig] };
  }
}
