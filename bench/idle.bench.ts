/**
 * npm run bench:idle: the Redis commands per second IDLE deployments send (nothing enqueued,
 * nothing to do) for claimq, BullMQ and Bee-Queue, at several sizes IxQ: I instances (each its
 * own OS process) serving the same Q queues q1..qQ.
 *   claimq:   `node dist/main.js` (a private copy of the build), JOB_STORE=redis, MODE=all,
 *             QUEUES=q1..qQ, LOG_LEVEL=warn, no DATABASE_URL (no history), each on its own PORT;
 *             ready when GET /health/ready answers 200.
 *   bullmq:   bench/idle-peers.ts: per queue a Worker and a QueueEvents listener, default settings.
 *   beequeue: bench/idle-peers.ts: per queue a Queue with `.process()`, default settings, and the
 *             periodic checkStalledJobs its README asks for; ready when the child prints "ready".
 *
 * Each measurement gets a FRESH private redis-server on a free port (never the shared one on
 * 6379). Once every instance is ready: BENCH_IDLE_WARMUP_MS of warm-up, then CONFIG RESETSTAT,
 * BENCH_IDLE_WINDOW_MS of window, then INFO commandstats. Two counts per window:
 *   commands_s:          every call commandstats counts (the commands scripts run included),
 *                        without INFO, CONFIG RESETSTAT and the bench's marker ECHO;
 *   toplevel_commands_s: the commands clients sent (an EVALSHA is one, what its script runs is
 *                        not): commands_s less the commands MONITOR shows a script (`lua`) run in
 *                        the window, as split/client-command-counter.ts counts them.
 * INFO stats total_commands_processed is not the top-level count: on redis-server 7.0 it is
 * bumped by every call(), the commands a script or a MULTI runs included (EVAL of 3 redis.call:
 * +4), so it equals commandstats' sum. The window runs from an ECHO pipelined right behind CONFIG
 * RESETSTAT to one right behind INFO; MONITOR's timestamps of the two give its length on Redis's
 * clock, and MONITOR lines between them are exactly the window's.
 *
 * Env (defaults): BENCH_IDLE_CONFIGS (1x1,1x20,1x50,3x50), BENCH_IDLE_SYSTEMS
 * (claimq,bullmq,beequeue), BENCH_IDLE_WARMUP_MS (10000), BENCH_IDLE_WINDOW_MS (30000, at least
 * 10000), BENCH_IDLE_ROUNDS (3; the systems' order rotates per round, rounds.ts). A 30 s window
 * holds a whole number of every background period but claimq's 60 s heartbeat (bench-settings.ts,
 * idleSeconds, lists them), which lands in about half the windows of a round; a 10 s window also
 * catches BullMQ's 30 s stalled check in one window of three. 60000 covers them all.
 * stderr: progress and each case's figures, then the medians. stdout: ONE JSON line,
 *   {"bench": "idle", "machine": ..., "settings": {...}, "claimq": {"1x1": {...}, ...}, "bullmq": ...,
 *    "beequeue": ..., "rounds": [{"order": [...], "claimq": {"1x1": {...}}, ...}, ...]}
 * with each system's figures the median over the rounds. About 30 min with the defaults.
 */
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { ensureBuilt } from '../test/support/processes';
import { RedisServer } from '../test/support/redis-server';
import { envInt } from './bench-settings';
import { assertRunning, Instance, startInstance } from './idle-instances';
import { countWindow, WindowCounts } from './idle-window';
import { sleep } from './latency';
import { machineDescription } from './machine';
import { median, roundOrder } from './rounds';

const ROOT = join(__dirname, '..');
const SYSTEMS = ['claimq', 'bullmq', 'beequeue'] as const;
type SystemName = (typeof SYSTEMS)[number];
const DEFAULT_CONFIGS = '1x1,1x20,1x50,3x50';
/** The project's rule: a measured window lasts at least 10 s. */
const MIN_WINDOW_MS = 10_000;
const TOP_COMMANDS = 5;

interface IdleConfig {
  label: string;
  instances: number;
  queues: number;
}

interface IdleSettings {
  configs: IdleConfig[];
  systems: SystemName[];
  warmupMs: number;
  windowMs: number;
  rounds: number;
}

/** One case's figures: per second over the window. */
interface CaseFigures {
  commands_s: number;
  toplevel_commands_s: number;
  /** EVALSHA / EVAL / FCALL calls */
  script_calls_s: number;
  commands_s_per_instance: number;
  toplevel_commands_s_per_instance: number;
  /** the most called commands (commandstats names, script-run commands included), calls/s */
  top_commands: Record<string, number>;
}

interface CaseRun extends CaseFigures {
  /** every command of the window, calls/s: the medians' top commands are ranked from these */
  commands_by_name_s: Record<string, number>;
  window_s: number;
  load1: number;
}

type SystemResults<F> = Record<string, F>; // by config label

const round2 = (value: number): number => Math.round(value * 100) / 100;
const log = (line: string): void => void process.stderr.write(`${line}\n`);

function parseConfigs(raw: string): IdleConfig[] {
  const configs = raw.split(',').map((item) => {
    const match = /^\s*(\d+)x(\d+)\s*$/.exec(item);
    const instances = Number(match?.[1]);
    const queues = Number(match?.[2]);
    if (!match || instances < 1 || queues < 1) throw new Error(`BENCH_IDLE_CONFIGS: "${item}" is not <instances>x<queues> (e.g. 3x50)`);
    return { label: `${instances}x${queues}`, instances, queues };
  });
  const labels = configs.map((c) => c.label);
  const repeated = labels.find((label, i) => labels.indexOf(label) !== i);
  if (repeated) throw new Error(`BENCH_IDLE_CONFIGS: ${repeated} given twice`);
  return configs;
}

function parseSystems(raw: string): SystemName[] {
  const names = raw.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !SYSTEMS.includes(name as SystemName));
  if (unknown.length > 0 || names.length === 0) throw new Error(`BENCH_IDLE_SYSTEMS: unknown ${unknown.join(', ') || '(none given)'}; known: ${SYSTEMS.join(', ')}`);
  return names as SystemName[];
}

function idleSettings(env: NodeJS.ProcessEnv = process.env): IdleSettings {
  return {
    configs: parseConfigs(env.BENCH_IDLE_CONFIGS || DEFAULT_CONFIGS),
    systems: parseSystems(env.BENCH_IDLE_SYSTEMS || SYSTEMS.join(',')),
    warmupMs: envInt('BENCH_IDLE_WARMUP_MS', 10_000, 0, env),
    windowMs: envInt('BENCH_IDLE_WINDOW_MS', 30_000, MIN_WINDOW_MS, env),
    rounds: envInt('BENCH_IDLE_ROUNDS', 3, 1, env),
  };
}

/** Everything the bench started, so that a failure, SIGINT or SIGTERM ends all of it. */
const running = {
  instances: new Set<Instance>(),
  servers: new Set<RedisServer>(),
  clients: new Set<Redis>(),
  /** pids of the processes not yet ended, for the check that cleanup left none */
  pids: new Set<number>(),
  build: undefined as string | undefined,
};

function caseFigures(counts: WindowCounts, instances: number): CaseRun {
  const total = [...counts.calls.values()].reduce((a, b) => a + b, 0);
  const scriptCalls = ['evalsha', 'eval', 'fcall', 'evalsha_ro', 'eval_ro', 'fcall_ro'].reduce((sum, name) => sum + (counts.calls.get(name) ?? 0), 0);
  const perSecond = (n: number): number => n / counts.seconds;
  const topLevel = total - counts.scriptRun;
  const byName = [...counts.calls].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, round2(perSecond(n))] as const);
  return {
    commands_s: round2(perSecond(total)),
    toplevel_commands_s: round2(perSecond(topLevel)),
    script_calls_s: round2(perSecond(scriptCalls)),
    commands_s_per_instance: round2(perSecond(total) / instances),
    toplevel_commands_s_per_instance: round2(perSecond(topLevel) / instances),
    top_commands: Object.fromEntries(byName.slice(0, TOP_COMMANDS)),
    commands_by_name_s: Object.fromEntries(byName),
    window_s: round2(counts.seconds),
    load1: round2(os.loadavg()[0]),
  };
}

/** One system at one size, on a redis-server of its own. */
async function measure(system: SystemName, config: IdleConfig, settings: IdleSettings, build: string, machine: { description?: string }): Promise<CaseRun> {
  const server = await RedisServer.start();
  running.servers.add(server);
  if (server.pid !== undefined) running.pids.add(server.pid);
  const admin = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  running.clients.add(admin);
  const instances: Instance[] = [];
  try {
    machine.description ??= await machineDescription(admin);
    for (let i = 0; i < config.instances; i++) {
      const instance = await startInstance(system, server, config.queues, build);
      instances.push(instance);
      running.instances.add(instance);
      if (instance.pid !== undefined) running.pids.add(instance.pid);
    }
    await Promise.all(instances.map((instance) => instance.waitReady()));
    await sleep(settings.warmupMs);
    assertRunning(instances, 'during the warm-up');
    const counts = await countWindow(admin, server.port, settings.windowMs);
    assertRunning(instances, 'during the window');
    const figures = caseFigures(counts, config.instances);
    // MONITOR does not show admin commands; anything else it missed would be a counting error
    const hidden = [...counts.calls.values()].reduce((a, b) => a + b, 0) - counts.scriptRun - counts.monitorClientCommands;
    if (hidden !== 0) log(`  note: ${hidden} command(s) in commandstats that MONITOR did not show (admin commands such as CLIENT LIST, or a window edge)`);
    return figures;
  } finally {
    await Promise.all(
      instances.map(async (instance) => {
        await instance.kill();
        running.instances.delete(instance);
        if (instance.pid !== undefined) running.pids.delete(instance.pid);
      }),
    );
    admin.disconnect();
    running.clients.delete(admin);
    const redisPid = server.pid;
    await server.stop();
    running.servers.delete(server);
    if (redisPid !== undefined) running.pids.delete(redisPid);
  }
}

/** Each figure's median over the rounds; top commands ranked by their median calls/s (0 in a round without the command). */
function medianCase(runs: readonly CaseRun[]): CaseFigures {
  const m = (pick: (run: CaseRun) => number): number => round2(median(runs.map(pick)));
  const names = new Set(runs.flatMap((run) => Object.keys(run.commands_by_name_s)));
  const top = [...names]
    .map((name) => [name, m((run) => run.commands_by_name_s[name] ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_COMMANDS);
  return {
    commands_s: m((run) => run.commands_s),
    toplevel_commands_s: m((run) => run.toplevel_commands_s),
    script_calls_s: m((run) => run.script_calls_s),
    commands_s_per_instance: m((run) => run.commands_s_per_instance),
    toplevel_commands_s_per_instance: m((run) => run.toplevel_commands_s_per_instance),
    top_commands: Object.fromEntries(top),
  };
}

function describe(figures: CaseFigures): string {
  const top = Object.entries(figures.top_commands)
    .map(([name, perSecond]) => `${name} ${perSecond}`)
    .join(', ');
  return `${figures.commands_s} cmds/s (top-level ${figures.toplevel_commands_s}, scripts ${figures.script_calls_s}; per instance ${figures.commands_s_per_instance} / ${figures.toplevel_commands_s_per_instance}) [${top}]`;
}

/**
 * The instances run on the Node running the bench (process.execPath): through `npm run
 * bench:idle` that is node_modules/.bin/node, the release package.json pins. Another Node below
 * the engines range (a bare `node bench/...` on the system's) would measure, or crash, the wrong one.
 */
function assertNodeInEngines(): void {
  const range = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node ?? '';
  const floor = /^>=\s*(\d+)\.(\d+)/.exec(range);
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (floor && (major < Number(floor[1]) || (major === Number(floor[1]) && minor < Number(floor[2])))) {
    throw new Error(`node ${process.version} is outside package.json engines (${range}): run npm run bench:idle`);
  }
}

/** A private copy of the build (and package.json, for the version it reports): a `nest build` during the run would delete dist/ under the processes. */
function privateBuild(): string {
  ensureBuilt();
  const dir = join(ROOT, '.scratch', `idle-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  return dir;
}

async function main(): Promise<void> {
  const settings = idleSettings();
  assertNodeInEngines();
  const loadBefore = os.loadavg().map(round2);
  const build = (running.build = privateBuild());
  const machine: { description?: string } = {};
  const perRound: Array<{ order: SystemName[] } & Partial<Record<SystemName, SystemResults<CaseRun>>>> = [];
  const began = performance.now();
  const cases = settings.rounds * settings.configs.length * settings.systems.length;
  let done = 0;
  log(
    `bench:idle configs ${settings.configs.map((c) => c.label).join(', ')}, systems ${settings.systems.join(', ')}, ` +
      `warm-up ${settings.warmupMs} ms, window ${settings.windowMs} ms, ${settings.rounds} round(s): ${cases} measurements`,
  );
  for (let r = 0; r < settings.rounds; r++) {
    const order = roundOrder(settings.systems, r);
    const round: (typeof perRound)[number] = { order };
    for (const config of settings.configs) {
      for (const system of order) {
        log(`round ${r + 1}/${settings.rounds} ${config.label} ${system} (${++done}/${cases}, ${((performance.now() - began) / 60_000).toFixed(1)} min in)`);
        const figures = await measure(system, config, settings, build, machine);
        (round[system] ??= {})[config.label] = figures;
        log(`  ${describe(figures)} over ${figures.window_s} s, load ${figures.load1}`);
      }
    }
    perRound.push(round);
  }

  const medians: Partial<Record<SystemName, SystemResults<CaseFigures>>> = {};
  log(`median of ${settings.rounds} round(s):`);
  for (const system of settings.systems) {
    const bySize: SystemResults<CaseFigures> = {};
    for (const config of settings.configs) {
      bySize[config.label] = medianCase(perRound.map((round) => round[system]![config.label]));
      log(`  ${system} ${config.label}: ${describe(bySize[config.label])}`);
    }
    medians[system] = bySize;
  }
  log(`done in ${((performance.now() - began) / 60_000).toFixed(1)} min`);
  const line = {
    bench: 'idle',
    machine: machine.description,
    loadavg: { before: loadBefore, after: os.loadavg().map(round2) },
    settings: {
      configs: settings.configs.map((c) => c.label),
      systems: settings.systems,
      warmup_ms: settings.warmupMs,
      window_ms: settings.windowMs,
      rounds: settings.rounds,
    },
    counting:
      'commands_s: INFO commandstats calls over the window (commands scripts run included), less INFO, CONFIG RESETSTAT and the marker ECHO, / window seconds (Redis clock); ' +
      'toplevel_commands_s: the same less the commands MONITOR shows scripts (lua) run: each EVALSHA counts once; per_instance: divided by the instances; one fresh redis-server per measurement',
    ...medians,
    rounds: perRound,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Ends every process the bench started and removes its build copy; then checks no pid of ours is left. */
async function cleanup(): Promise<void> {
  await Promise.all([...running.instances].map((instance) => instance.kill().catch(() => undefined)));
  running.instances.clear();
  for (const client of running.clients) client.disconnect();
  running.clients.clear();
  await Promise.all([...running.servers].map((server) => server.stop().catch(() => undefined)));
  running.servers.clear();
  if (running.build) rmSync(running.build, { recursive: true, force: true });
  running.build = undefined;
  const left = [...running.pids].filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  if (left.length > 0) log(`processes still running after cleanup: ${left.join(', ')}`);
}

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping every instance and redis-server`);
    void cleanup().finally(() => process.exit(code));
  });
}

main()
  .then(async () => {
    await cleanup();
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    log(`bench:idle failed: ${err instanceof Error ? err.stack : String(err)}`);
    await cleanup();
    process.exit(1);
  });
