import { Injectable } from '@nestjs/common';
import { JobHandler, NonRetryableJobError, type JobContext } from 'claimq';

export interface InvoicePayload {
  number: string;
  lines: number;
}

/**
 * The app's own job type. claimq finds every @JobHandler method of the app's providers; a job of
 * type `invoice.render` (POST /jobs {"type":"invoice.render","queue":"invoices",...}) runs here.
 */
@Injectable()
export class InvoiceJobs {
  @JobHandler('invoice.render')
  render(ctx: JobContext<InvoicePayload>): { number: string; pages: number } {
    const { number, lines } = ctx.payload;
    // a payload that can never render fails at once, without retries
    if (typeof number !== 'string' || !Number.isInteger(lines) || lines < 0) {
      throw new NonRetryableJobError('payload must be { number: string, lines: integer >= 0 }');
    }
    return { number, pages: Math.max(1, Math.ceil(lines / 40)) };
  }
}
