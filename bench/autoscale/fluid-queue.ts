/**
 * The closed loop's stand-in for claimq: a fluid FIFO queue, one step per second.
 *
 * Jobs arrive as recorded (spread evenly over their second); the ready replicas take them at
 * `perReplicaJobsPerS` each (the throughput one worker process showed while it had more pending
 * jobs than slots), so in a step of `dt` seconds the queue serves min(backlog + arrivals,
 * ready x rate x dt). What is not served waits, first in first out, so the oldest pending job is
 * the one that arrived when the cumulative arrivals reached what has been served: its age is
 * read off the cumulative arrival curve. Each job then runs for the job time: the jobs running are
 * the ones served within the last job time (Little's law for the slots).
 *
 * What it leaves out, on purpose: the time a job spends running (pending counts only jobs not
 * yet claimed, as claimq's gauge does), start-up and drain of single pods, and any slow-down
 * of the store under load (the recording showed none at these rates).
 */
export class FluidQueue {
  /** Cumulative arrivals at each whole second, from t = 0. */
  private readonly arrived: number[] = [0];
  /** Jobs served in each second so far. */
  private readonly servedPerStep: number[] = [];
  private served = 0;
  private now = 0;
  /** The second the head job arrived in; it only moves forward, as `served` only grows. */
  private head = 0;

  constructor(
    private readonly perReplicaJobsPerS: number,
    /** How long a job runs once claimed, seconds. */
    private readonly jobS: number,
  ) {}

  get backlog(): number {
    return this.arrived[this.arrived.length - 1] - this.served;
  }

  get time(): number {
    return this.now;
  }

  /** One second: `arrivals` jobs come in, `readyReplicas` serve. */
  step(arrivals: number, readyReplicas: number): void {
    const total = this.arrived[this.arrived.length - 1] + arrivals;
    this.arrived.push(total);
    const served = Math.min(total, this.served + readyReplicas * this.perReplicaJobsPerS);
    this.servedPerStep.push(served - this.served);
    this.served = served;
    this.now += 1;
  }

  /** Jobs claimed within the last job time, and so still running (a fraction of the oldest second counts pro rata). */
  running(): number {
    let left = this.jobS;
    let total = 0;
    for (let i = this.servedPerStep.length - 1; i >= 0 && left > 0; i--) {
      total += this.servedPerStep[i] * Math.min(1, left);
      left -= 1;
    }
    return total;
  }

  /** Seconds the oldest pending job has waited; 0 when less than one job waits. */
  oldestPendingAgeS(): number {
    if (this.backlog < 1) return 0;
    // the first second k whose cumulative arrivals pass what was served holds the head job
    while (this.arrived[this.head + 1] <= this.served) this.head++;
    const k = this.head;
    const arrivedAt = k + (this.served - this.arrived[k]) / (this.arrived[k + 1] - this.arrived[k]);
    return this.now - arrivedAt;
  }
}
