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
    description: 'Prometheus exposition format: claimq_jobs_*_total counters, claimq_job_*_seconds histograms, claimq_queue_jobs and claimq_leases_held gauges, reaper counters',
    schema: { type: 'string', example: 'claimq_jobs_claimed_total{queue="default",type="email.send"} 42' },
  })
  @ApiOperation({ operationId: 'getMetrics', summary: 'Prometheus metrics, in the text exposition format' })
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
