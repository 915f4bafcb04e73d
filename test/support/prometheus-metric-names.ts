import { parser } from '@prometheus-io/lezer-promql';

/** A metric family as a `# TYPE` line of the exposition text declares it. */
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

const TYPE_LINE = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)\s*$/;

/**
 * The metric families of an exposition text, by name, from its `# TYPE` lines: a labelled metric
 * nothing has counted yet has its HELP and TYPE lines but no sample, and its name is still served.
 */
export function exposedMetricFamilies(text: string): Map<string, MetricType> {
  const families = new Map<string, MetricType>();
  for (const line of text.split('\n')) {
    const match = TYPE_LINE.exec(line);
    if (match) families.set(match[1], match[2] as MetricType);
  }
  return families;
}

/** A vector selector of a PromQL expression: its metric, its `=` label matchers, and the aggregation applied to it directly. */
export interface PromqlSelector {
  metric: string;
  labels: Record<string, string>;
  aggregation: string | undefined;
}

/**
 * The vector selectors of a PromQL expression (or a Grafana query: `$variables` in ranges parse as
 * errors around them, the selectors still read), with the syntax errors found, through Prometheus's
 * own grammar (@prometheus-io/lezer-promql). Label values and strings are never taken for names.
 */
export function readQuery(query: string): { errors: string[]; selectors: PromqlSelector[] } {
  const tree = parser.parse(query);
  const errors: string[] = [];
  const selectors: PromqlSelector[] = [];
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(`syntax error at ${node.from}: ${query.slice(Math.max(0, node.from - 20), node.to + 20)}`);
      if (node.name !== 'VectorSelector') return;
      const metric = node.node.getChild('Identifier');
      const labels: Record<string, string> = {};
      for (const matcher of node.node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []) {
        const name = matcher.getChild('LabelName');
        const value = matcher.getChild('StringLiteral');
        if (name !== null && value !== null) labels[query.slice(name.from, name.to)] = JSON.parse(query.slice(value.from, value.to)) as string;
      }
      // VectorSelector <- FunctionCallBody <- AggregateExpr: the aggregation applied to the selector itself
      const around = node.node.parent?.parent;
      const aggregation = around?.name === 'AggregateExpr' ? query.slice(around.getChild('AggregateOp')!.from, around.getChild('AggregateOp')!.to) : undefined;
      selectors.push({ metric: metric === null ? '' : query.slice(metric.from, metric.to), labels, aggregation });
    },
  });
  return { errors, selectors };
}

/**
 * The names holding `prefix` that a PromQL expression selects, in order of first use: metrics
 * (`claimq_...`) and recording rules' names (`level:claimq_metric:ops`), which are no metric of the
 * service's own.
 */
export function metricNamesIn(expr: string, prefix = 'claimq_'): string[] {
  return [...new Set(readQuery(expr).selectors.map((s) => s.metric).filter((name) => name.startsWith(prefix) || (name.includes(':') && name.includes(prefix))))];
}

/**
 * Whether `name` is a series the families serve: a family's own name; a histogram's `_bucket`,
 * `_sum` or `_count` (a summary's `_sum` and `_count`); or a counter's `_total` where the family is
 * declared without it (OpenMetrics style; prom-client declares the full name).
 */
export function isServed(name: string, families: ReadonlyMap<string, MetricType>): boolean {
  if (families.has(name)) return true;
  const suffix = /_(bucket|sum|count|total)$/.exec(name);
  if (!suffix) return false;
  const type = families.get(name.slice(0, suffix.index));
  switch (suffix[1]) {
    case 'bucket':
      return type === 'histogram';
    case 'sum':
    case 'count':
      return type === 'histogram' || type === 'summary';
    default:
      return type === 'counter';
  }
}

/** The names of `names` that the families do not serve, each once. */
export function unservedNames(names: Iterable<string>, families: ReadonlyMap<string, MetricType>): string[] {
  return [...new Set(names)].filter((name) => !isServed(name, families));
}

/**
 * Gauges read from the shared store at scrape time: every instance, api or worker, reports the same
 * value, so a query takes their max; a sum would multiply them by the number of instances.
 */
export const CLUSTER_WIDE_GAUGES: ReadonlySet<string> = new Set([
  'claimq_queue_jobs',
  'claimq_leases_held',
  'claimq_queue_oldest_pending_age_seconds',
  'claimq_history_backlog_entries',
  'claimq_history_lag_seconds',
]);

/** The cluster-wide gauges an expression selects other than as the argument of `max`, each once. */
export function clusterWideGaugesNotMaxed(expr: string): string[] {
  const wrong = readQuery(expr).selectors.filter((s) => CLUSTER_WIDE_GAUGES.has(s.metric) && s.aggregation !== 'max');
  return [...new Set(wrong.map((s) => s.metric))];
}
