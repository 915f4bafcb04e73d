import { DataSource } from 'typeorm';
import { historyDataSourceOptions } from '../src/modules/history/history-data-source-options';
import { runMigrationsLocked } from '../src/modules/history/history-database';
import { HistoryBatchWriter } from '../src/modules/history/writer/history-batch-writer';
import { newJobId } from '../src/domain/job-id';
import { eventVersion } from '../src/modules/queue';
import { SourcedJobEvent } from '../src/modules/queue';

async function main() {
  const admin = new DataSource({ type: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.initialize();
  const db = 'tmp_bytes_' + process.pid;
  await admin.query(`CREATE DATABASE ${db}`);
  const ds = new DataSource(historyDataSourceOptions(`postgres://postgres@127.0.0.1:5432/${db}`));
  await ds.initialize();
  await runMigrationsLocked(ds);
  const writer = new HistoryBatchWriter(async () => ds);
  const N = Number(process.env.N ?? 50000);
  const split = process.env.SPLIT === '1';
  let ms = Date.now();
  let seq = 0;
  const v = () => eventVersion(ms, seq++, 0);
  for (let b = 0; b < N; b += 500) {
    const ids = Array.from({ length: 500 }, () => newJobId('default'));
    const at = Date.now();
    const enq: SourcedJobEvent[] = ids.map((id) => ({ queue: 'default', version: v(), event: { k: 'enqueued', id, st: 'pending', att: 0, at, type: 'noop', prio: 0, ctime: at, max: 3 } as any }));
    const cl: SourcedJobEvent[] = ids.map((id) => ({ queue: 'default', version: v(), event: { k: 'claimed', id, st: 'running', att: 1, at, w: 'host-12345-abcdef', run: 1 } as any }));
    const su: SourcedJobEvent[] = ids.map((id) => ({ queue: 'default', version: v(), event: { k: 'succeeded', id, st: 'succeeded', att: 1, at, w: 'host-12345-abcdef', run: 1 } as any }));
    if (split) { await writer.write(enq); await writer.write(cl); await writer.write(su); }
    else await writer.write([...enq, ...cl, ...su]);
  }
  const sizes = await ds.query(`SELECT relname, pg_total_relation_size(oid) total, pg_relation_size(oid) heap FROM pg_class WHERE relname IN ('job_records','job_attempts') `);
  const idx = await ds.query(`SELECT indexrelname, pg_relation_size(indexrelid) sz FROM pg_stat_user_indexes ORDER BY 1`);
  console.log(JSON.stringify({ N, split, sizes, idx }));
  await ds.query('VACUUM FULL');
  const sizes2 = await ds.query(`SELECT relname, pg_total_relation_size(oid) total, pg_relation_size(oid) heap FROM pg_class WHERE relname IN ('job_records','job_attempts') `);
  console.log(JSON.stringify({ afterVacuumFull: sizes2 }));
  await ds.destroy();
  await admin.query(`DROP DATABASE ${db}`);
  await admin.destroy();
}
main();
