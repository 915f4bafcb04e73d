import { ArgumentMetadata } from '@nestjs/common';
import { ApiValidationPipe } from '../../../http/api-validation.pipe';
import { FieldError } from '../../../http/error-body';
import { ValidationFailedException } from '../../../http/validation-failed.exception';
import { BulkCreateJobsDto } from './bulk-create-jobs.dto';
import { CreateJobDto } from './create-job.dto';
import { ListJobsQueryDto } from './list-jobs-query.dto';

const pipe = new ApiValidationPipe();

async function fieldErrors(metatype: ArgumentMetadata['metatype'], value: unknown, type: ArgumentMetadata['type'] = 'body'): Promise<FieldError[]> {
  try {
    await pipe.transform(value, { type, metatype });
  } catch (err) {
    if (err instanceof ValidationFailedException) return err.errors;
    throw err;
  }
  return [];
}

describe('CreateJobDto validation', () => {
  it('accepts a minimal job and a full one', async () => {
    await expect(fieldErrors(CreateJobDto, { type: 'a' })).resolves.toEqual([]);
    await expect(
      fieldErrors(CreateJobDto, {
        type: 'report.build',
        queue: 'reports',
        payload: { any: ['json', 1, null] },
        priority: -1000,
        runAt: '2030-01-01T00:00:00Z',
        maxAttempts: 100,
        backoff: { strategy: 'fixed', delayMs: 0, maxDelayMs: 0 },
        timeoutMs: 86_400_000,
        idempotencyKey: 'k'.repeat(200),
        callbackUrl: 'http://localhost:8080/cb',
        group: 'g'.repeat(100),
      }),
    ).resolves.toEqual([]);
  });

  it.each([
    [{ type: 5 }, 'type', 'must be a string'],
    [{ type: 'a', backoff: { strategy: 'fixed', delayMs: 10, maxDelayMs: 5 } }, 'backoff.maxDelayMs', 'must not be less than delayMs'],
    [{ type: 'a', delayMs: 1, runAt: 1 }, 'delayMs', 'cannot be given together with runAt'],
    [{ type: 'a', runAt: '2030-01-01 00:00' }, 'runAt', expect.stringContaining('ISO-8601')],
    [{ type: 'a', extra: true }, 'extra', 'is not a known field'],
    [{ type: 'a', group: 'a b' }, 'group', 'must match [A-Za-z0-9_.:-]{1,100}'],
    [{ type: 'a', group: '~default' }, 'group', 'must match [A-Za-z0-9_.:-]{1,100}'],
    [{ type: 'a', group: 'g'.repeat(101) }, 'group', 'must match [A-Za-z0-9_.:-]{1,100}'],
    [{ type: 'a', group: 7 }, 'group', 'must be a string'],
    [{ type: 'http', payload: { url: 'http://x.test', headers: { a: 1 } } }, 'payload.headers', 'a must be a string'],
    [{ type: 'http', payload: { url: 'http://x.test', headers: { Authorization: 'Bearer s3cret\r\nX-Injected: 1' } } }, 'payload.headers', 'Authorization has a value with CR, LF or NUL'],
    [{ type: 'http', payload: { url: 'http://x.test', headers: { 'bad name': 'v' } } }, 'payload.headers', 'has a header name that is not an HTTP token: "bad name"'],
    [{ type: 'http', payload: { url: 'http://x.test', headers: { 'claimq-signature': 't=1,v1=00' } } }, 'payload.headers', 'claimq-signature is reserved: claimq signs its requests with it'],
  ])('%j -> %s %s', async (body, field, reason) => {
    await expect(fieldErrors(CreateJobDto, body)).resolves.toEqual([{ field, reason }]);
  });

  it('gives one reason per field, the type check first', async () => {
    await expect(fieldErrors(ListJobsQueryDto, { limit: 'abc' }, 'query')).resolves.toEqual([
      { field: 'limit', reason: 'must be an integer number' },
    ]);
  });

  it('refuses a body that is not an object', async () => {
    await expect(fieldErrors(CreateJobDto, [{ type: 'a' }])).resolves.toEqual([{ field: 'body', reason: 'must be a JSON object' }]);
  });

  it('names bulk errors by index', async () => {
    await expect(fieldErrors(BulkCreateJobsDto, { jobs: [{ type: 'a' }, 7, { type: 'http', payload: {} }] })).resolves.toEqual([
      { field: 'jobs.1', reason: 'must be an object' },
      { field: 'jobs.2.payload.url', reason: 'must be an absolute http or https URL' },
    ]);
  });

  it('keeps payloads out of class-transformer: as sent, by reference, validated only for http jobs', async () => {
    const payload = { any: [{ json: true }] };
    const dto = (await pipe.transform({ type: 'a', payload }, { type: 'body', metatype: CreateJobDto })) as CreateJobDto;
    expect(dto.payload).toBe(payload);
    const body = { n: [1, { m: 2 }] };
    const httpJob = { type: 'http', payload: { url: 'https://x.test', body } };
    const http = (await pipe.transform(httpJob, { type: 'body', metatype: CreateJobDto })) as CreateJobDto;
    expect((http.payload as { body: unknown }).body).toBe(body);
  });

  it('refuses a payload nested past the body bound before anything walks it, naming it', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const reason = 'must not be nested more than 64 levels deep';
    await expect(fieldErrors(CreateJobDto, { type: 'a', payload: deep })).resolves.toEqual([{ field: 'payload', reason }]);
    await expect(fieldErrors(BulkCreateJobsDto, { jobs: [{ type: 'a' }, { type: 'a', payload: deep }] })).resolves.toEqual([
      { field: 'jobs.1.payload', reason },
    ]);
  });
});
