import { redactHttpPayload } from '../../domain/http-job-secrets';
import { StoredSchedule } from '../../domain/schedule';
import { ScheduleDetailResponseDto, ScheduleResponseDto } from './dto/schedule-response.dto';
import { ScheduleDetail } from './schedules.service';

const iso = (ms: number): string => new Date(ms).toISOString();

/** A stored schedule as the API shows it: times as ISO-8601, secret headers redacted. */
export function presentSchedule(s: StoredSchedule): ScheduleResponseDto {
  const { definition: d } = s;
  const view: ScheduleResponseDto = {
    name: s.name,
    queue: d.queue,
    timezone: d.timezone,
    job: {
      type: d.job.type,
      payload: redactHttpPayload(d.job.type, JSON.parse(d.job.payloadJson)),
      priority: d.job.priority,
      maxAttempts: d.job.maxAttempts,
      backoff: { ...d.job.backoff },
      timeoutMs: d.job.timeoutMs,
      ...(d.job.callbackUrl !== undefined ? { callbackUrl: d.job.callbackUrl } : {}),
      ...(d.job.group !== undefined ? { group: d.job.group } : {}),
    },
    overlap: d.overlap,
    catchUp: d.catchUp,
    maxCatchUp: d.maxCatchUp,
    paused: s.paused,
    nextRunAt: s.paused || s.nextAt === null ? null : iso(s.nextAt),
    counts: { fired: s.fired, skipped: s.skipped, missed: s.missed },
    version: s.version,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  };
  if (d.cron !== undefined) view.cron = d.cron;
  if (d.everyMs !== undefined) view.everyMs = d.everyMs;
  if (d.startAt !== undefined) view.startAt = iso(d.startAt);
  if (d.endAt !== undefined) view.endAt = iso(d.endAt);
  if (s.lastJobId !== undefined) view.lastJobId = s.lastJobId;
  return view;
}

export function presentScheduleDetail(detail: ScheduleDetail): ScheduleDetailResponseDto {
  return {
    ...presentSchedule(detail.schedule),
    nextRuns: detail.nextRuns.map(iso),
    lastRuns: detail.lastRuns.map((run) => ({
      fireAt: iso(run.fireAt),
      jobId: run.jobId,
      status: run.job?.status ?? null,
      ...(run.trigger ? { trigger: true } : {}),
    })),
  };
}
