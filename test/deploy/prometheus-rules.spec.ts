import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scrapeLiveClaimqMetrics } from '../support/live-claimq-metrics';
import { clusterWideGaugesNotMaxed, exposedMetricFamilies, metricNamesIn, unservedNames } from '../support/prometheus-metric-names';
import { describeRun, runPromtool } from '../support/promtool';

const ROOT = join(__dirname, '..', '..');
const DIR = join(ROOT, 'deploy', 'prometheus');

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface RuleGroup {
  name: string;
  rules: Rule[];
}
interface AlertTestCase {
  alertname: string;
  eval_time: string;
  exp_alerts?: unknown[];
}
interface UnitTests {
  rule_files: string[];
  tests: { name?: string; alert_rule_test?: AlertTestCase[] }[];
}

function readYaml<T>(file: string): T {
  return parse(readFileSync(join(DIR, file), 'utf8')) as T;
}

const groups = readYaml<{ groups: RuleGroup[] }>('alerts.yml').groups;
const rules = groups.flatMap((g) => g.rules);
const alerts = rules.filter((r) => r.alert !== undefined);

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as dashes. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

describe('deploy/prometheus/alerts.yml', () => {
  it('passes promtool check rules', async () => {
    const run = await runPromtool(['check', 'rules', 'alerts.yml'], { cwd: DIR });
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.stdout).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('passes its promtool unit tests (alerts.test.yml)', async () => {
    const run = await runPromtool(['test', 'rules', 'alerts.test.yml'], { cwd: DIR, timeoutMs: 60_000 });
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.stdout).toContain('SUCCESS');
  });

  it('has unit tests in which every alert fires and in which it stays quiet', () => {
    const unitTests = readYaml<UnitTests>('alerts.test.yml');
    expect(unitTests.rule_files).toEqual(['alerts.yml']);
    const cases = unitTests.tests.flatMap((t) => t.alert_rule_test ?? []);
    const missing = alerts.flatMap(({ alert }) => {
      const own = cases.filter((c) => c.alertname === alert);
      return [
        ...(own.some((c) => (c.exp_alerts ?? []).length > 0) ? [] : [`${alert}: no case where it fires`]),
        ...(own.some((c) => (c.exp_alerts ?? []).length === 0) ? [] : [`${alert}: no case where it stays quiet`]),
      ];
    });
    expect(missing).toEqual([]);
    const unknown = cases.filter((c) => !alerts.some((a) => a.alert === c.alertname)).map((c) => c.alertname);
    expect(unknown).toEqual([]);
  });

  it('gives every alert a severity, a summary, a description and a runbook section of README.md', () => {
    const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
    const anchors = new Set([...readme.matchAll(/^#{2,4} (.+)$/gm)].map((m) => headingAnchor(m[1])));
    const problems = alerts.flatMap(({ alert, labels, annotations }) => {
      const found: string[] = [];
      if (!['critical', 'warning'].includes(labels?.severity ?? '')) found.push(`${alert}: severity ${labels?.severity}`);
      if (!annotations?.summary) found.push(`${alert}: no summary`);
      if (!annotations?.description) found.push(`${alert}: no description`);
      const runbook = /^deploy\/prometheus\/README\.md#(.+)$/.exec(annotations?.runbook_url ?? '');
      if (!runbook) found.push(`${alert}: runbook_url ${annotations?.runbook_url} is not a section of deploy/prometheus/README.md`);
      else if (runbook[1] !== alert!.toLowerCase() || !anchors.has(runbook[1])) found.push(`${alert}: README.md has no section #${runbook[1]}`);
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('names the queue in the summary and description of every alert on a series that has one', () => {
    // the alerts whose expression keeps the queue label; the others say the instance or nothing
    const byQueue = alerts.filter((a) => /\bby \(queue\)|\bqueue:claimq_/.test(a.expr));
    expect(byQueue.map((a) => a.alert)).toContain('ClaimqNoLiveWorkers');
    for (const { alert, annotations } of byQueue) {
      expect(annotations?.summary, alert).toContain('{{ $labels.queue }}');
      expect(annotations?.description, alert).toContain('{{ $labels.queue }}');
    }
  });

  it('uses only recorded series that it records, and records each before it is used', () => {
    const order = rules.map((r) => r.record ?? `alert:${r.alert}`);
    const problems = rules.flatMap((rule, i) =>
      metricNamesIn(rule.expr)
        .filter((name) => name.includes(':'))
        .filter((name) => {
          const at = order.indexOf(name);
          return at === -1 || at >= i;
        })
        .map((name) => `${rule.record ?? rule.alert}: ${name}`),
    );
    expect(problems).toEqual([]);
  });

  it('takes cluster-wide gauges with max by (...), never a sum', () => {
    expect(rules.flatMap((r) => clusterWideGaugesNotMaxed(r.expr).map((name) => `${r.record ?? r.alert}: ${name}`))).toEqual([]);
  });

  it('is the rule set that prometheusrule.yaml ships for prometheus-operator', () => {
    const resource = readYaml<{ apiVersion: string; kind: string; metadata: { name: string }; spec: { groups: RuleGroup[] } }>('prometheusrule.yaml');
    expect(resource).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule', metadata: { name: 'claimq' } });
    expect(resource.spec.groups).toEqual(groups);
  });

  describe('against the /metrics of the running service', () => {
    let families: ReturnType<typeof exposedMetricFamilies>;

    beforeAll(async () => {
      families = exposedMetricFamilies(await scrapeLiveClaimqMetrics());
    }, 180_000);

    it('uses only metric names the service serves', () => {
      const used = rules.flatMap((r) => metricNamesIn(r.expr)).filter((name) => !name.includes(':'));
      expect(used).toContain('claimq_queue_jobs');
      expect(used).toContain('claimq_store_up');
      expect(unservedNames(used, families)).toEqual([]);
    });
  });
});
