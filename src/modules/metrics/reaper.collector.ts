import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { ReaperStats, ReaperTotals } from '../recovery';
import { ClaimqMetrics, METRIC_PREFIX } from './claimq-metrics';

/** Reaper totals by action label; the reaper reports counts per pass, not job types. */
const ACTIONS: Record<string, keyof ReaperTotals> = {
  expired_requeued: 'expiredRequeued',
  expired_failed: 'expiredFailed',
  expired_cancelled: 'expiredCancelled',
  worker_lease_requeued: 'workerLeasesRequeued',
  worker_lease_failed: 'workerLeasesFailed',
  worker_lease_cancelled: 'workerLeasesCancelled',
  promoted: 'promoted',
  trimmed: 'trimmed',
  malformed: 'malformed',
  callback_enqueued: 'callbacksEnqueued',
};

/**
 * The reaper's counters (ReaperStats, kept by RecoveryModule), turned into Prometheus counters
 * at scrape time: each scrape adds what happened since the previous one.
 */
@Injectable()
export class ReaperCollector {
  private seen: ReaperTotals | undefined;
  private readonly stepErrors: Counter;
  private readonly silent: Counter;
  private readonly lastDuration: Gauge;
  private readonly reaped: Counter<'action'>;

  constructor(
    metrics: ClaimqMetrics,
    private readonly stats: ReaperStats,
  ) {
    const collector = this;
    const registers = [metrics.registry];
    // Registered first, and the collect of all: prom-client reads metrics in registration order.
    new Counter({
      name: `${METRIC_PREFIX}reaper_passes_total`,
      help: 'Reaper passes run by this instance',
      registers,
      collect() {
        collector.update(this);
      },
    });
    this.stepErrors = new Counter({ name: `${METRIC_PREFIX}reaper_step_errors_total`, help: 'Reaper steps that failed (retried next pass)', registers });
    this.silent = new Counter({ name: `${METRIC_PREFIX}reaper_silent_workers_total`, help: 'Silent workers found by the reaper', registers });
    this.lastDuration = new Gauge({ name: `${METRIC_PREFIX}reaper_last_pass_seconds`, help: 'Duration of the last reaper pass', registers });
    this.reaped = new Counter({
      name: `${METRIC_PREFIX}jobs_reaped_total`,
      help: 'Jobs the reaper acted on, by action (expired leases, silent workers, promotions, trims)',
      labelNames: ['action'],
      registers,
    });
  }

  private update(passes: Counter): void {
    const now = this.stats.totals;
    const before = this.seen;
    this.seen = now;
    const delta = (key: keyof ReaperTotals): number => now[key] - (before?.[key] ?? 0);
    passes.inc(delta('passes'));
    this.stepErrors.inc(delta('failedSteps'));
    this.silent.inc(delta('silentWorkers'));
    for (const [action, key] of Object.entries(ACTIONS)) this.reaped.labels(action).inc(delta(key));
    const last = this.stats.lastPass;
    if (last) this.lastDuration.set(last.durationMs / 1000);
  }
}
