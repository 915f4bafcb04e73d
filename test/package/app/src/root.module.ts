import { DynamicModule, Module } from '@nestjs/common';
import { AppModule, type AppConfig } from 'claimq';
import { GreetHandler } from './greet.handler.js';

@Module({})
export class RootModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: RootModule, imports: [AppModule.forRoot(config)], providers: [GreetHandler] };
  }
}
