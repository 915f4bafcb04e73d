import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ClaimqModule } from '../../claimq.module';
import { JobAdmin, JobQueue, WorkerDirectory } from '../queue';
import { waitFor } from '../../../test/support/worker-harness';
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

describe('ClaimqModule handler discovery', () => {
  it('finds @JobHandler methods of the app, registers the built-in types, and runs jobs with them', async () => {
    // as an app embeds it: ClaimqModule next to the app's own handlers, nothing built by hand
    @Module({
      imports: [ClaimqModule.forRoot({ mode: 'worker', logLevel: 'silent', worker: { heartbeatMs: 100, shutdownGraceMs: 100 } })],
      providers: [InvoiceJobs],
    })
    class EmbeddingModule {}

    const moduleRef = await Test.createTestingModule({ imports: [EmbeddingModule] }).compile();
    moduleRef.useLogger(false);
    const app = await moduleRef.createNestApplication({ logger: false }).init();
    const [jobs, admin, workers] = [app.get(JobQueue), app.get(JobAdmin), app.get(WorkerDirectory)];

    expect(app.get(HandlerRegistry).types()).toEqual(['http', 'invoice.render', 'noop', 'sleep']);
    const [{ job }] = await jobs.enqueue([normalizeJobSpec({ type: 'invoice.render', payload: { number: 'F-1' } }, { now: Date.now(), maxPayloadBytes: 1e6 })]);
    const done = await waitFor(async () => {
      const j = await admin.get(job.id);
      return j?.status === 'succeeded' ? j : undefined;
    });
    expect(done.result).toEqual({ pages: 2 });
    expect(app.get(InvoiceJobs).rendered).toEqual(['F-1']);
    await app.close();
    expect(await workers.silent('default', -1_000, 10)).toEqual([]);
  });

  it('refuses a second handler for the same type', () => {
    const registry = new HandlerRegistry();
    registry.register('a', () => null);
    expect(() => registry.register('a', () => null)).toThrow('a handler for job type "a" is already registered');
  });
});
