import { stringify } from 'yaml';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scrapeLiveClaimqMetrics } from '../support/live-claimq-metrics';
import { clusterWideGaugesNotMaxed, exposedMetricFamilies, metricNamesIn, unservedNames } from '../support/prometheus-metric-names';
import { describeRun, runPromtool } from '../support/promtool';

const DASHBOARD_FILE = join(__dirname, '..', '..', 'deploy', 'grafana', 'claimq.json');

interface Target {
  refId: string;
  expr: string;
  datasource?: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Variable {
  name: string;
  type: string;
  query: string | { query: string };
  datasource?: { type: string; uid: string };
}
interface Dashboard {
  uid: string;
  schemaVersion: number;
  templating: { list: Variable[] };
  panels: Panel[];
}

const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Dashboard;
/** Every panel, those inside collapsed rows too. */
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
const queries = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, ...t })));
const variableQueries = dashboard.templating.list.filter((v) => v.type === 'query').map((v) => (typeof v.query === 'string' ? v.query : v.query.query));
const PROMETHEUS = { type: 'prometheus', uid: '${datasource}' };

/** A Grafana query as Prometheus would get it, with the dashboard's variables given values. */
function asPromql(expr: string): string {
  return expr.replaceAll('$__rate_interval', '1m').replaceAll('$queue', '.*');
}

describe('metric name extraction', () => {
  const families = exposedMetricFamilies(
    [
      '# HELP claimq_jobs_succeeded_total Jobs this process completed',
      '# TYPE claimq_jobs_succeeded_total counter',
      'claimq_jobs_succeeded_total{queue="default",type="noop"} 1',
      '# TYPE claimq_job_duration_seconds histogram',
      '# TYPE claimq_queue_jobs gauge',
      '# TYPE claimq_refresh_batches counter',
    ].join('\n'),
  );

  it('finds the names a query selects, and no label value, variable or recording rule part', () => {
    const expr = 'sum by (queue) (rate(claimq_jobs_succeeded_total{queue=~"$queue", job="claimq_x"}[$__rate_interval])) / max by (queue) (claimq_queue_jobs) or queue:claimq_x:max';
    expect(metricNamesIn(expr)).toEqual(['claimq_jobs_succeeded_total', 'claimq_queue_jobs', 'queue:claimq_x:max']);
  });

  it('resolves histogram series and counters declared with or without _total to their family', () => {
    const names = ['claimq_job_duration_seconds_bucket', 'claimq_job_duration_seconds_sum', 'claimq_job_duration_seconds_count', 'claimq_refresh_batches_total', 'claimq_queue_jobs'];
    expect(unservedNames(names, families)).toEqual([]);
  });

  it('reports a misspelled name, a suffix the family does not have, and a name only one letter off', () => {
    const expr = 'rate(claimq_jobs_sucseeded_total[5m]) + claimq_queue_jobs_bucket + claimq_queue_job + claimq_jobs_succeeded_total';
    expect(unservedNames(metricNamesIn(expr), families)).toEqual(['claimq_jobs_sucseeded_total', 'claimq_queue_jobs_bucket', 'claimq_queue_job']);
  });
});

describe('deploy/grafana/claimq.json', () => {
  it('has schema 39 or later, a Prometheus data source variable and a queue variable from claimq_queue_jobs', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.uid).toBe('claimq');
    const byName = new Map(dashboard.templating.list.map((v) => [v.name, v]));
    expect(byName.get('datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(byName.get('queue')).toMatchObject({ type: 'query', datasource: PROMETHEUS });
    expect(variableQueries).toContain('label_values(claimq_queue_jobs, queue)');
  });

  it('queries the chosen data source from every panel and target, with unique ids and refIds', () => {
    expect(panels.length).toBeGreaterThanOrEqual(15);
    for (const panel of panels) {
      expect(panel.datasource, panel.title).toEqual(PROMETHEUS);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets!) expect(target.datasource, `${panel.title} ${target.refId}`).toEqual(PROMETHEUS);
      expect(new Set(panel.targets!.map((t) => t.refId)).size, panel.title).toBe(panel.targets!.length);
    }
    const ids = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows every metric of the ops contract', () => {
    const used = new Set(queries.flatMap((q) => metricNamesIn(q.expr)));
    for (const name of [
      'claimq_queue_jobs',
      'claimq_queue_oldest_pending_age_seconds',
      'claimq_leases_held',
      'claimq_jobs_succeeded_total',
      'claimq_jobs_failed_total',
      'claimq_jobs_retried_total',
      'claimq_job_pickup_latency_seconds_bucket',
      'claimq_job_duration_seconds_bucket',
      'claimq_worker_slots',
      'claimq_worker_busy_slots',
      'claimq_worker_utilization_ratio',
      'claimq_worker_busy_slot_seconds_total',
      'claimq_jobs_reaped_total',
      'claimq_history_lag_seconds',
      'claimq_history_backlog_entries',
      'claimq_history_dropped_events_total',
      'claimq_store_up',
      'claimq_process_cpu_seconds_total',
      'claimq_process_resident_memory_bytes',
      'claimq_nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(used, name).toContain(name);
    }
  });

  it('takes cluster-wide gauges with max by (...), never a sum', () => {
    const wrong = queries.flatMap((q) => clusterWideGaugesNotMaxed(q.expr).map((name) => `${q.panel} ${q.refId}: ${name}`));
    expect(wrong).toEqual([]);
    expect(clusterWideGaugesNotMaxed('sum by (queue) (claimq_leases_held) + max by (queue) (claimq_queue_jobs)')).toEqual(['claimq_leases_held']);
    expect(clusterWideGaugesNotMaxed('max by (queue) (claimq_queue_jobs) / sum(claimq_queue_jobs)')).toEqual(['claimq_queue_jobs']);
    expect(clusterWideGaugesNotMaxed('queue:claimq_queue_jobs:max > 0 unless max by (queue, state) (claimq_queue_jobs)')).toEqual([]);
  });

  it('has PromQL that Prometheus parses in every query', async () => {
    // promtool checks expressions as rules: one recording rule per query, in a file of its own
    const rules = [...queries.map((q) => q.expr), ...variableQueries.map((q) => q.replace(/^label_values\((\w+),.*\)$/, '$1'))].map((expr, i) => ({
      record: `dashboard:query_${i}`,
      expr: asPromql(expr),
    }));
    const dir = mkdtempSync(join(tmpdir(), 'claimq-dashboard-'));
    try {
      writeFileSync(join(dir, 'queries.yml'), stringify({ groups: [{ name: 'dashboard', rules }] }));
      const run = await runPromtool(['check', 'rules', 'queries.yml'], { cwd: dir });
      expect(run.code, describeRun(run)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('against the /metrics of the running service', () => {
    let metrics: string;

    beforeAll(async () => {
      metrics = await scrapeLiveClaimqMetrics();
    }, 180_000);

    it('queries only metric names the service serves, in panels and variables', () => {
      const families = exposedMetricFamilies(metrics);
      expect(families.get('claimq_job_pickup_latency_seconds')).toBe('histogram');
      const used = [...queries.map((q) => q.expr), ...variableQueries].flatMap((expr) => metricNamesIn(expr));
      expect(unservedNames(used, families)).toEqual([]);
    });

    it('serves metrics that promtool check metrics finds nothing to say about', async () => {
      const run = await runPromtool(['check', 'metrics'], { input: metrics });
      expect(run.stdout + run.stderr).toBe('');
      expect(run.code, describeRun(run)).toBe(0);
    });
  });
});
