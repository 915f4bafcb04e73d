import { opaqueJsonTransformer } from '../../http/opaque-json.transformer';
import { CreateJobDto } from './dto/create-job.dto';
import { toJobSpec } from './job-spec.mapper';

/** As the validation pipe builds it. */
const dto = (plain: object): CreateJobDto => opaqueJsonTransformer.plainToInstance(CreateJobDto, plain) as CreateJobDto;

describe('toJobSpec', () => {
  it('copies only the fields that were given, so domain defaults apply to the rest', () => {
    expect(toJobSpec(dto({ type: 'a' }))).toEqual({ type: 'a' });
  });

  it('never copies a schedule (only claimq sets it; the pipe refuses the field before this)', () => {
    expect(toJobSpec(dto({ type: 'a', schedule: { name: 'n', fireAt: 1 } }))).toEqual({ type: 'a' });
  });

  it('copies a group', () => {
    expect(toJobSpec(dto({ type: 'a', group: 'tenant-42' }))).toEqual({ type: 'a', group: 'tenant-42' });
  });

  it('keeps an explicit null payload', () => {
    expect(toJobSpec(dto({ type: 'a', payload: null }))).toEqual({ type: 'a', payload: null });
  });

  it('hands the payload on as sent, not a copy', () => {
    const payload = { deep: { list: [1, { x: 'y' }] } };
    expect(toJobSpec(dto({ type: 'a', payload })).payload).toBe(payload);
  });

  it('reads runAt as ISO-8601 or epoch ms', () => {
    expect(toJobSpec(dto({ type: 'a', runAt: '2030-01-01T02:00:00+02:00' })).runAt).toBe(Date.UTC(2030, 0, 1));
    expect(toJobSpec(dto({ type: 'a', runAt: 1_900_000_000_000 })).runAt).toBe(1_900_000_000_000);
  });

  it('caps backoff at one hour by default, but never below the delay asked for', () => {
    expect(toJobSpec(dto({ type: 'a', backoff: { strategy: 'exponential', delayMs: 500 } })).backoff).toEqual({
      strategy: 'exponential',
      delayMs: 500,
      maxDelayMs: 3_600_000,
    });
    expect(toJobSpec(dto({ type: 'a', backoff: { strategy: 'fixed', delayMs: 7_200_000 } })).backoff?.maxDelayMs).toBe(7_200_000);
    expect(toJobSpec(dto({ type: 'a', backoff: { strategy: 'fixed', delayMs: 10, maxDelayMs: 20 } })).backoff?.maxDelayMs).toBe(20);
  });
});
