/** A metric family as a `# TYPE` line of the exposition text declares it. */
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

const TYPE_LINE = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)\s*$/;
/** A PromQL identifier: a metric name (recording rules' names hold colons), function, label or keyword. */
const IDENTIFIER = /[a-zA-Z_:][a-zA-Z0-9_:]*/g;
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g;

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

/**
 * The names starting with `prefix` that a PromQL expression (or a Grafana query, `$variables`
 * included) selects, in order of first use. String literals are left out, so a label value such as
 * `job=~"claimq.*"` is not taken for a name; a recording rule's name (`level:metric:ops`) is
 * returned whole, as it is no metric of the service's own.
 */
export function metricNamesIn(expr: string, prefix = 'claimq_'): string[] {
  const names = new Set<string>();
  const code = expr.replace(STRING_LITERAL, '""');
  for (const match of code.matchAll(IDENTIFIER)) {
    const before = code[match.index - 1];
    // `$__rate_interval`, `${datasource}` and the like are Grafana's, not PromQL names
    if (before === '$' || (before === '{' && code[match.index - 2] === '$')) continue;
    const name = match[0];
    if (name.startsWith(prefix) || (name.includes(':') && name.includes(prefix))) names.add(name);
  }
  return [...names];
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
export const CLUSTER_WIDE_GAUGES = [
  'claimq_queue_jobs',
  'claimq_leases_held',
  'claimq_queue_oldest_pending_age_seconds',
  'claimq_history_backlog_entries',
  'claimq_history_lag_seconds',
];

/**
 * The cluster-wide gauges an expression selects other than as the argument of `max by (...) (`; a
 * recording rule's name that holds one (`queue:claimq_queue_jobs:max`) is not a use of it.
 */
export function clusterWideGaugesNotMaxed(expr: string): string[] {
  return CLUSTER_WIDE_GAUGES.filter((name) =>
    [...expr.matchAll(new RegExp(`(?<![\\w:])${name}(?![\\w:])`, 'g'))].some((use) => !/max by \([a-z_, ]+\) \($/.test(expr.slice(0, use.index))),
  );
}
