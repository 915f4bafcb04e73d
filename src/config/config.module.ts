import { Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { AppConfig } from './app-config';
import { EnvironmentVariables, validateEnvironment } from './environment';

/**
 * @nestjs/config validates the environment at start (a bad variable stops the process with its
 * name); AppConfig is the typed view everything else injects.
 */
@Global()
@Module({
  imports: [ConfigModule.forRoot({ ignoreEnvFile: true, validate: validateEnvironment, cache: true })],
  providers: [
    {
      provide: AppConfig,
      inject: [ConfigService],
      useFactory: (config: ConfigService) => {
        const env = new EnvironmentVariables();
        for (const key of Object.keys(env) as (keyof EnvironmentVariables)[]) {
          (env as unknown as Record<string, unknown>)[key] = config.get(key);
        }
        return new AppConfig(env);
      },
    },
  ],
  exports: [AppConfig],
})
export class AppConfigModule {}
