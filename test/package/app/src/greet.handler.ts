import { Injectable } from '@nestjs/common';
import { JobHandler, NonRetryableJobError, type JobContext } from 'claimq';

/** The app's own job type, found by claimq's handler discovery in the app's container. */
@Injectable()
export class GreetHandler {
  @JobHandler('greet')
  greet(ctx: JobContext<{ name?: unknown }>): { greeting: string } {
    if (typeof ctx.payload.name !== 'string') throw new NonRetryableJobError('payload.name must be a string');
    return { greeting: `hello ${ctx.payload.name}` };
  }
}
