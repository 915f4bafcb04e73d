import { isFinal } from '../../../domain/job';
import { JobEvent, JobEventKind } from '../../../domain/job-event';
import { AttemptOutcome } from '../entities/job-attempt.entity';
import { SourcedJobEvent } from '../../queue';
import { HistoryRows, JobAttemptRow, JobLogRow, JobLogTrim, JobRecordRow } from './history-rows';
import { timeOfJobId } from '../../../domain/job-id';
import { decodeLogData, DEFAULT_JOB_LOG_LINES } from '../../../domain/job-progress';

/** Event kinds that end an attempt when they carry its run number (or, in older events, its worker `w`). */
const ATTEMPT_ENDS: Partial<Record<JobEventKind, AttemptOutcome>> = {
  succeeded: 'succeeded',
  retry_scheduled: 'failed',
  failed: 'failed',
  released: 'released',
  expired: 'expired',
  cancelled: 'cancelled',
};

/**
 * A job's history key, in epoch ms: the time in its id (the epoch for an id claimq did not make).
 * Every event of the job computes it alone, so its rows are found whatever order events arrive in.
 */
export const historyKeyOf = (id: string): number => timeOfJobId(id) ?? 0;

/**
 * Folds a batch of events into one row per job and one per run (attempt), applying them in position
 * order, so the upserts never touch a row twice in one statement. The rows carry the positions of
 * what they set; the statements merge them with the stored rows by the same rules, so the result
 * does not depend on how events are split into batches, on their delivery order, or on
 * duplicates.
 */
export function foldJobEvents(batch: readonly SourcedJobEvent[], options: FoldOptions = {}): HistoryRows {
  const keep = options.logLines ?? DEFAULT_JOB_LOG_LINES;
  const sorted = [...batch].sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
  const records = new Map<string, JobRecordRow>();
  const attempts = new Map<string, AttemptDraft>();
  const logs = new Map<string, JobLogRow[]>();
  for (const item of sorted) {
    if (item.event.k === 'progress' || item.event.k === 'log') {
      applyReport(records, attempts, logs, item, keep);
      continue;
    }
    applyToRecord(records, item);
    applyToAttempt(attempts, item);
  }
  const logRows: JobLogRow[] = [];
  const logTrims: JobLogTrim[] = [];
  for (const row of records.values()) {
    if (row.log_lines === undefined || row.log_lines <= keep) continue;
    logTrims.push({ job_id: row.id, created_at: row.created_at, below: row.log_lines - keep + 1 });
  }
  for (const [id, lines] of logs) {
    const below = (records.get(id)?.log_lines ?? 0) - keep + 1;
    for (const line of lines) if (line.seq >= below) logRows.push(line);
  }
  return {
    records: [...records.values()].sort((a, b) => compareText(a.id, b.id)),
    attempts: [...attempts.values()]
      .filter((draft) => !heldByRecord(draft))
      .map(finishAttempt)
      .sort((a, b) => compareText(a.job_id, b.job_id) || a.run - b.run),
    logs: logRows.sort((a, b) => compareText(a.job_id, b.job_id) || a.seq - b.seq),
    logTrims: logTrims.sort((a, b) => compareText(a.job_id, b.job_id)),
  };
}

export interface FoldOptions {
  /** JOB_LOG_LINES: log lines kept per job (the newest); 0 keeps none, counting them only. */
  logLines?: number;
}

/**
 * A handler's report (progress, log lines) changes no state. Progress goes on the job's row and on
 * its attempt's (by run number), each taken when newer than what the row holds; log lines become
 * job_logs rows and raise the job's count of lines written. A job row that only reports made has
 * no state version (see JobRecordRow.version), so it never overrides a state event's.
 */
function applyReport(
  records: Map<string, JobRecordRow>,
  attempts: Map<string, AttemptDraft>,
  logs: Map<string, JobLogRow[]>,
  { queue, event: e, version }: SourcedJobEvent,
  keep: number,
): void {
  const v = version.toString();
  let row = records.get(e.id);
  if (!row) {
    row = newRecord(queue, e, null);
    records.set(e.id, row);
  }
  if (e.k === 'progress') {
    const progress = parseResult(e.data);
    Object.assign(row, { progress, progress_at: e.at, progress_version: v });
    if (e.run === undefined) return;
    const key = `${e.id}\u0000${e.run}`;
    let draft = attempts.get(key);
    if (!draft) {
      draft = { row: newAttempt(e, e.run, e.att), byRun: true };
      draft.row.worker_id = e.w ?? null;
      attempts.set(key, draft);
    }
    Object.assign(draft.row, { progress, progress_at: e.at, progress_version: v });
    return;
  }
  const log = decodeLogData(e.data);
  if (!log || log.lines.length === 0) return;
  const last = log.first + log.lines.length - 1;
  row.log_lines = Math.max(row.log_lines ?? 0, last);
  if (keep <= 0) return;
  let lines = logs.get(e.id);
  if (!lines) logs.set(e.id, (lines = []));
  const run = e.run ?? e.att;
  // only the newest `keep` of this event can be kept
  for (let k = Math.max(0, log.lines.length - keep); k < log.lines.length; k++) {
    lines.push({ job_id: e.id, created_at: historyKeyOf(e.id), seq: log.first + k, run, at: e.at, line: log.lines[k] });
  }
}

function newRecord(queue: string, e: JobEvent, version: string | null): JobRecordRow {
  return {
    id: e.id, queue, type: null, status: e.st, attempts: e.att, max_attempts: null, priority: null,
    created_at: historyKeyOf(e.id), updated_at: e.at, started_at: null, finished_at: null, worker_id: null,
    result: null, last_error: null, execution_id: null, version, claim_version: null, error_version: null,
  };
}

function newAttempt(e: JobEvent, run: number, attempt: number): JobAttemptRow {
  return {
    job_id: e.id, created_at: historyKeyOf(e.id), run, attempt, worker_id: null, started_at: null, finished_at: null,
    outcome: 'running', error: null, claim_version: null, end_version: null,
  };
}

function applyToRecord(records: Map<string, JobRecordRow>, { queue, event: e, version }: SourcedJobEvent): void {
  const v = version.toString();
  let row = records.get(e.id);
  if (!row) {
    row = newRecord(queue, e, v);
    records.set(e.id, row);
  }
  if (e.k === 'enqueued') {
    row.type = e.type ?? null;
    row.priority = e.prio ?? null;
    row.max_attempts = e.max ?? null;
    row.execution_id = e.exec ?? null;
    if (e.sn !== undefined && e.sf !== undefined) {
      row.schedule_name = e.sn;
      row.schedule_fire_at = e.sf;
    }
    if (e.key !== undefined) row.graph_key = e.key;
    if (e.dep !== undefined) row.depends_on = e.dep;
  }
  row.status = e.st;
  row.attempts = e.att;
  row.updated_at = e.at;
  row.version = v;
  row.finished_at = isFinal(e.st) ? e.at : null;
  if (e.k === 'succeeded') row.result = parseResult(e.res);
  else if (e.st !== 'succeeded') row.result = null;
  if (e.k === 'claimed') {
    row.claim_version = v;
    row.started_at = e.at;
    row.worker_id = e.w ?? null;
  } else if (row.worker_id === null && e.w !== undefined) {
    row.worker_id = e.w;
  }
  if (e.err !== undefined) {
    row.last_error = e.err;
    row.error_version = v;
  }
}

interface AttemptDraft {
  row: JobAttemptRow;
  /** Keyed by a run number its events carried (not by an attempt number, as events before runs). */
  byRun: boolean;
}

function applyToAttempt(attempts: Map<string, AttemptDraft>, { event: e, version }: SourcedJobEvent): void {
  const attempt = attemptOf(e);
  if (attempt === undefined) return;
  const run = e.run ?? attempt;
  const key = `${e.id}\u0000${run}`;
  let draft = attempts.get(key);
  if (!draft) {
    draft = { row: newAttempt(e, run, attempt), byRun: e.run !== undefined };
    attempts.set(key, draft);
  }
  const row = draft.row;
  const v = version.toString();
  if (e.k === 'claimed') {
    row.claim_version = v;
    row.attempt = attempt;
    row.started_at = e.at;
    row.worker_id = e.w ?? null;
  } else {
    row.end_version = v;
    row.outcome = ATTEMPT_ENDS[e.k] as AttemptOutcome;
    row.finished_at = e.at;
    row.error = e.err ?? null;
    if (row.worker_id === null) row.worker_id = e.w ?? null;
  }
}

/**
 * A job's successful attempt, claimed and ended within one batch, gets no row of its own: the job's
 * row holds all of it (started_at, worker_id, finished_at, the attempt number), and the history
 * query shows it as the job's latest attempt (JobAttempts). A fast job then costs one row, not two.
 * A succeeded job never runs again, so nothing can come after it. Only for attempts keyed by run
 * number: the query shows a held attempt as run (latest run + 1), runs counting every claim.
 */
function heldByRecord({ row, byRun }: AttemptDraft): boolean {
  return byRun && row.outcome === 'succeeded' && row.claim_version !== null && row.end_version !== null;
}

/**
 * An end older than the row's claim belongs to an earlier use of the attempt number (rows of events
 * written before run numbers, keyed run = attempt; a run is claimed once, so its end is never older).
 */
function finishAttempt({ row }: AttemptDraft): JobAttemptRow {
  if (row.end_version !== null && (row.claim_version === null || BigInt(row.end_version) > BigInt(row.claim_version))) return row;
  return { ...row, outcome: 'running', finished_at: null, error: null };
}

/**
 * The attempt number an event starts or ends, or undefined when it is not about an attempt. `att`
 * is the count after the change: a release gives the attempt back, so it ended attempt att + 1.
 * (The Redis scripts keep the attempt spent when a release turns into a cancel; so does this.)
 * The row is keyed by the event's run number, or by this number for events written before runs.
 */
export function attemptOf(e: JobEvent): number | undefined {
  if (e.k === 'claimed') return e.att >= 1 ? e.att : undefined;
  if (ATTEMPT_ENDS[e.k] === undefined || (e.w === undefined && e.run === undefined)) return undefined;
  const n = e.k === 'released' ? e.att + 1 : e.att;
  return n >= 1 ? n : undefined;
}

function parseResult(res: string | undefined): unknown {
  if (res === undefined) return null;
  try {
    return JSON.parse(res);
  } catch {
    return res;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
