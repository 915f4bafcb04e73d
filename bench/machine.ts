import os from 'node:os';
import Redis from 'ioredis';

/** CPU, node and redis-server versions: what a reader needs to compare runs. */
export async function machineDescription(admin: Redis): Promise<string> {
  const info = await admin.info('server');
  const redisVersion = /^redis_version:(\S+)/m.exec(info)?.[1] ?? '?';
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, redis-server ${redisVersion}`;
}
