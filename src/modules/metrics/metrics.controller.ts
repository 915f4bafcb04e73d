import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags, ApiOperation } from '@nestjs/swagger';
import { ClaimqMetrics } from './claimq-metrics';

@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: ClaimqMetrics) {}

  /** Prometheus text format. Open without an API key, like the health probes. */
  @Get()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description:
      'Prometheus exposition format: claimq_jobs_*_total counters, claimq_job_*_seconds histograms, the shared store\'s gauges (claimq_queue_jobs, claimq_leases_held, claimq_queue_oldest_pending_age_seconds, claimq_history_backlog_entries, claimq_history_lag_seconds), this process\'s worker slots (claimq_worker_*), claimq_store_up, reaper counters',
    schema: { type: 'string', example: 'claimq_jobs_claimed_total{queue="default",type="email.send"} 42' },
  })
  @ApiOperation({ operationId: 'getMetrics', summary: 'Prometheus metrics, in the text exposition format' })
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
