/**
 * npm run bench:autoscale-replay: replays the recorded backlog curve (bench/data/autoscale-curve.json,
 * written by bench:autoscale-record) through KEDA and the HPA with the ScaledObject that ships in
 * deploy/kubernetes/ (bench/autoscale/scaled-object.ts), open loop and closed loop (bench/autoscale/replay.ts), and prints every scaling step and
 * the summary the README's worked example quotes. One JSON line (the summary) on stdout.
 *
 * Env: AUTOSCALE_CURVE (the curve), AUTOSCALE_POD_START_S (20), AUTOSCALE_SCRAPE_S (15),
 * AUTOSCALE_HPA_SYNC_S (15), AUTOSCALE_REPLAY_MAX_S (1800).
 */
import { ReplayRun } from './autoscale/replay';
import { runReplay } from './autoscale/replay-summary';
import { describeTrigger } from './autoscale/scaled-object';

function changesTable(title: string, run: ReplayRun): string {
  const lines = run.changes.map((c) => `  t=${String(c.t).padStart(4)} s  ${String(c.from).padStart(3)} -> ${String(c.to).padEnd(3)} ${c.by.padEnd(4)} ${c.reason}`);
  return `${title}\n${lines.join('\n') || '  (none)'}\n`;
}

function main(): void {
  const replay = runReplay();
  const { config, params, curve, summary } = replay;
  const triggers = config.triggers.map((t) => `${describeTrigger(t)}, activation ${t.activationThreshold}`).join('; ');
  process.stderr.write(
    `ScaledObject ${config.name} from ${config.source}: ` +
      `replicas ${config.minReplicaCount}..${config.maxReplicaCount}, pollingInterval ${config.pollingIntervalS} s, cooldownPeriod ${config.cooldownPeriodS} s, ` +
      `behavior ${config.behavior ? JSON.stringify(config.behavior) : 'none (HPA defaults)'}; triggers: ${triggers}\n` +
      `recording: ${curve.machine}, ${curve.setup.workers} workers, ${curve.setup.baseRatePerS}/s then x${curve.setup.burstFactor} for ${curve.setup.burstS} s; ` +
      `replay: ${params.perReplicaJobsPerS} jobs/s per replica, pod start ${params.podStartS} s, scrape ${params.scrapeS} s, HPA sync ${params.hpaSyncS} s\n`,
  );
  process.stderr.write(changesTable('open loop (the recorded backlog, as the fixed pool left it):', replay.openLoop));
  process.stderr.write(changesTable('closed loop (the backlog the replicas leave):', replay.closedLoop));
  process.stderr.write(`${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify({ bench: 'autoscale-replay', source: config.source, ...summary })}\n`);
}

main();
