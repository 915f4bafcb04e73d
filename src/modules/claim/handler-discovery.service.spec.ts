import { Global, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig } from '../../config/app-config';
import { JobStore } from '../queue/job-store';
import { MemoryJobStore } from '../queue/memory/memory-job-store';
import { waitFor } from '../../../test/support/worker-harness';
import { ClaimModule } from './claim.module';
import { HandlerRegistry } from './handler-registry';
import { JobContext } from './job-context';
import { JobHandler } from './job-handler.decorator';
import { normalizeJobSpec } from '../../domain/job-spec';

@Injectable()
class InvoiceJobs {
  readonly rendered: string[] = [];

  @JobHandler('invoice.render')
  render(ctx: JobContext<{ number: string }>): { pages: number } {
    this.rendered.push(ctx.payload.number);
    return { pages: 2 };
  }
}

describe('ClaimModule handler discovery', () => {
  it('finds @JobHandler methods of the app, registers the built-in types, and runs jobs with them', async () => {
    const store = new MemoryJobStore({ configuredQueues: ['default'] });
    const config = AppConfig.from({ HEARTBEAT_MS: '100', SHUTDOWN_GRACE_MS: '100' });

    @Global()
    @Module({ providers: [{ provide: JobStore, useValue: store }, { provide: AppConfig, useValue: config }], exports: [JobStore, AppConfig] })
    class TestInfraModule {}

    @Module({ imports: [ClaimModule], providers: [InvoiceJobs] })
    class EmbeddingModule {}

    const moduleRef = await Test.createTestingModule({ imports: [TestInfraModule, EmbeddingModule] }).compile();
    moduleRef.useLogger(false);
    const app = await moduleRef.createNestApplication({ logger: false }).init();

    expect(app.get(HandlerRegistry).types()).toEqual(['http', 'invoice.render', 'noop', 'sleep']);
    const [{ job }] = await store.enqueue([normalizeJobSpec({ type: 'invoice.render', payload: { number: 'F-1' } }, { now: Date.now(), maxPayloadBytes: 1e6 })]);
    const done = await waitFor(async () => {
      const j = await store.get(job.id);
      return j?.status === 'succeeded' ? j : undefined;
    });
    expect(done.result).toEqual({ pages: 2 });
    expect(app.get(InvoiceJobs).rendered).toEqual(['F-1']);
    await app.close();
    expect(await store.silentWorkers('default', -1_000, 10)).toEqual([]);
  });

  it('refuses a second handler for the same type', () => {
    const registry = new HandlerRegistry();
    registry.register('a', () => null);
    expect(() => registry.register('a', () => null)).toThrow('a handler for job type "a" is already registered');
  });
});
