import Redis from 'ioredis';

/**
 * Redis-side cost from INFO: commands run (commands inside scripts count, as commandstats counts
 * them), CPU seconds and memory. Benchmarks diff two snapshots.
 */
export interface RedisSnapshot {
  commands: number;
  /** calls of EVAL/EVALSHA/FCALL themselves, so scripts can be told apart from what they run */
  scriptCalls: number;
  cpuSeconds: number;
  usedMemory: number;
}

function field(info: string, name: string): number {
  const match = new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info);
  return match ? Number(match[1]) : 0;
}

export async function snapshot(redis: Redis): Promise<RedisSnapshot> {
  const [stats, cpu, memory] = await Promise.all([redis.info('commandstats'), redis.info('cpu'), redis.info('memory')]);
  let commands = 0;
  let scriptCalls = 0;
  for (const match of stats.matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm)) {
    const name = match[1];
    const calls = Number(match[2]);
    if (name === 'info') continue;
    if (name === 'evalsha' || name === 'eval' || name === 'fcall') scriptCalls += calls;
    commands += calls;
  }
  return {
    commands,
    scriptCalls,
    cpuSeconds: field(cpu, 'used_cpu_sys') + field(cpu, 'used_cpu_user'),
    usedMemory: field(memory, 'used_memory'),
  };
}

export function diff(after: RedisSnapshot, before: RedisSnapshot): RedisSnapshot {
  return {
    commands: after.commands - before.commands,
    scriptCalls: after.scriptCalls - before.scriptCalls,
    cpuSeconds: after.cpuSeconds - before.cpuSeconds,
    usedMemory: after.usedMemory - before.usedMemory,
  };
}

/** Calls per command name from INFO commandstats (`client|list` style names kept; commands inside scripts counted). */
export async function callsByCommand(redis: Redis): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const match of (await redis.info('commandstats')).matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm)) calls.set(match[1], Number(match[2]));
  return calls;
}
