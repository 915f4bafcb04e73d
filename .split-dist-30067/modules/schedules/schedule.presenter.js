"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.presentSchedule = presentSchedule;
exports.presentScheduleDetail = presentScheduleDetail;
const http_job_secrets_1 = require("../../domain/http-job-secrets");
const iso = (ms) => new Date(ms).toISOString();
/** A stored schedule as the API shows it: times as ISO-8601, secret headers redacted. */
function presentSchedule(s) {
    const { definition: d } = s;
    const view = {
        name: s.name,
        queue: d.queue,
        timezone: d.timezone,
        job: {
            type: d.job.type,
            payload: (0, http_job_secrets_1.redactHttpPayload)(d.job.type, JSON.parse(d.job.payloadJson)),
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
    if (d.cron !== undefined)
        view.cron = d.cron;
    if (d.everyMs !== undefined)
        view.everyMs = d.everyMs;
    if (d.startAt !== undefined)
        view.startAt = iso(d.startAt);
    if (d.endAt !== undefined)
        view.endAt = iso(d.endAt);
    if (s.lastJobId !== undefined)
        view.lastJobId = s.lastJobId;
    return view;
}
function presentScheduleDetail(detail) {
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
//# sourceMappingURL=schedule.presenter.js.map