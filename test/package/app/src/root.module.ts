import { Module } from '@nestjs/common';
import { ClaimqModule } from 'claimq';
import { GreetHandler } from './greet.handler.js';

@Module({
  imports: [ClaimqModule.forRoot({ store: 'memory', logLevel: 'silent', settings: { HOST: '127.0.0.1', PORT: '0' } })],
  providers: [GreetHandler],
})
export class RootModule {}
