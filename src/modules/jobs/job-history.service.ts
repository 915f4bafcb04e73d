import { Inject, Injectable, Optional } from '@nestjs/common';
import { InvalidJobSpecError, JobNotFoundError } from '../../domain/errors';
import { Job } from '../../domain/job';
import { LogPage } from '../../domain/job-progress';
import { HistoryQueryService, JobHistoryPage, JobHistoryQuery, JobHistoryRecord } from '../history';
import { JobAdmin } from '../queue';
import { JobLogsResponseDto } from './dto/job-logs.dto';
import { JobAttemptsResponseDto } from './dto/job-attempts-response.dto';
import { presentHistoryAttempt } from './job-history.presenter';
import { latestAttemptFromJob } from './latest-attempt';

/** A job read by id: from the store while it holds it, from history after retention removed it. */
export type FoundJob = { source: 'store'; job: Job } | { source: 'history'; record: JobHistoryRecord };

const HISTORY_OFF = 'needs job history, which is off (DATABASE_URL is not set)';

/**
 * The API's reads that reach past the store into job history (HistoryModule, present only when
 * DATABASE_URL is set, hence @Optional). Without history each read answers from the store alone,
 * as documented per route, or refuses what only history can answer (a time range) with a 400.
 */
@Injectable()
export class JobHistoryService {
  constructor(
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    @Optional() private readonly history?: HistoryQueryService,
  ) {}

  get enabled(): boolean {
    return this.history !== undefined;
  }

  async find(id: string): Promise<FoundJob> {
    const job = await this.admin.get(id);
    if (job) return { source: 'store', job };
    const record = await this.history?.findJob(id);
    if (record) return { source: 'history', record };
    throw new JobNotFoundError(id);
  }

  /**
   * Every attempt from history; the store's view of the latest attempt when history is off or has
   * not recorded the job's attempts yet (the writer lags the store by a batch).
   */
  async attempts(id: string): Promise<JobAttemptsResponseDto> {
    const found = await this.find(id);
    if (this.history) {
      const attempts = await this.history.listAttempts(id);
      if (attempts.length > 0 || found.source === 'history') {
        return { jobId: id, source: 'history', items: attempts.map(presentHistoryAttempt) };
      }
    }
    return { jobId: id, source: 'store', items: found.source === 'store' ? latestAttemptFromJob(found.job) : [] };
  }

  /**
   * A page of the job's kept log lines: from the store while it holds the job, then from job
   * history (which keeps the same newest JOB_LOG_LINES); an empty page when history is off.
   */
  async logs(id: string, from: number, limit: number): Promise<JobLogsResponseDto> {
    const stored = await this.admin.logs(id, from, limit);
    if (stored) return logsPage(id, from, stored, 'store');
    const page = await this.history?.logs(id, from, limit);
    if (page) return logsPage(id, from, page, 'history');
    await this.find(id);
    return { jobId: id, lines: [], total: 0, firstKept: 1, nextFrom: null, source: 'history' };
  }

  /** Jobs created in [from, to), newest first: only history can answer this. */
  listCreated(query: JobHistoryQuery): Promise<JobHistoryPage> {
    if (!this.history) throw new InvalidJobSpecError(query.from !== undefined ? 'from' : 'to', HISTORY_OFF);
    if (query.from !== undefined && query.to !== undefined && query.to <= query.from) {
      throw new InvalidJobSpecError('to', 'must be later than from');
    }
    return this.history.listJobs(query);
  }
}

function logsPage(id: string, from: number, page: LogPage, source: 'store' | 'history'): JobLogsResponseDto {
  const lines = page.lines.map((l) => ({ seq: l.seq, at: new Date(l.at).toISOString(), line: l.line }));
  const last = lines.at(-1)?.seq ?? Math.max(from, page.firstKept) - 1;
  return { jobId: id, lines, total: page.total, firstKept: page.firstKept, nextFrom: last < page.total ? last + 1 : null, source };
}
