import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** One call of an `http` job as the receiving server saw it. */
export interface RecordedRun {
  jobId: string;
  attempt: number;
  start: number;
  /** when the answer was sent, or when the caller went away (its process died) */
  end: number;
  /** false when the caller's connection closed before the answer (a killed or stopped worker) */
  answered: boolean;
}

/**
 * The target of `http` test jobs: holds each call for `holdMs`, then answers 200, and records
 * (job id, attempt, start, end) per call so a test can find runs of one job that overlapped.
 * Which worker made a call is read from the claim events (test/support/claim-events.ts): the
 * attempt number names the claim.
 */
export class RunRecorder {
  readonly runs: RecordedRun[] = [];
  private readonly server: Server;

  private constructor(private readonly holdMs: number) {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
  }

  static async start(holdMs: number): Promise<RunRecorder> {
    const recorder = new RunRecorder(holdMs);
    await new Promise<void>((resolve) => recorder.server.listen(0, '127.0.0.1', resolve));
    return recorder;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/run`;
  }

  /** Runs that got an answer, per job id. */
  answeredRuns(): Map<string, RecordedRun[]> {
    const byJob = new Map<string, RecordedRun[]>();
    for (const run of this.runs) {
      if (!run.answered) continue;
      const list = byJob.get(run.jobId) ?? [];
      list.push(run);
      byJob.set(run.jobId, list);
    }
    return byJob;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const run: RecordedRun = {
      jobId: String(req.headers['x-claimq-job-id']),
      attempt: Number(req.headers['x-claimq-attempt']),
      start: Date.now(),
      end: 0,
      answered: false,
    };
    this.runs.push(run);
    req.resume();
    const timer = setTimeout(() => {
      run.end = Date.now();
      run.answered = true;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }, this.holdMs);
    res.on('close', () => {
      if (run.answered) return;
      clearTimeout(timer);
      run.end = Date.now();
    });
  }
}

/** Pairs of runs of the same job whose [start, end] intervals overlap. */
export function overlappingRuns(runs: RecordedRun[]): Array<[RecordedRun, RecordedRun]> {
  const byJob = new Map<string, RecordedRun[]>();
  for (const run of runs) byJob.set(run.jobId, [...(byJob.get(run.jobId) ?? []), run]);
  const pairs: Array<[RecordedRun, RecordedRun]> = [];
  for (const list of byJob.values()) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length && list[j].start < (list[i].end || Infinity); j++) pairs.push([list[i], list[j]]);
    }
  }
  return pairs;
}
