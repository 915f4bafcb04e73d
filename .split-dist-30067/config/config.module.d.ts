import { DynamicModule, Provider } from '@nestjs/common';
import { AppConfig } from './app-config';
/**
 * Provides claimq's AppConfig to its modules. Built before the modules that read it: from
 * validated settings (ClaimqModule.forRoot: the service's environment, or an embedding app's
 * options), or by a factory (ClaimqModule.forRootAsync). Tests build one with AppConfig.from({...}).
 * Global, as @nestjs/config's ConfigModule is: every claimq module reads it.
 */
export declare class AppConfigModule {
    static forRoot(config: AppConfig): DynamicModule;
    static forRootAsync(provider: Provider<AppConfig>, imports?: DynamicModule['imports']): DynamicModule;
    private static with;
}
