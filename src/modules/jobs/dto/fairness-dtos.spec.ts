import { ArgumentMetadata } from '@nestjs/common';
import { MAX_GROUP_CONCURRENCY, MAX_GROUPS_PAGE, MAX_RATE_LIMIT_MAX, MAX_RATE_LIMIT_PER_MS } from '../../../domain/fairness';
import { ApiValidationPipe } from '../../../http/api-validation.pipe';
import { FieldError } from '../../../http/error-body';
import { ValidationFailedException } from '../../../http/validation-failed.exception';
import { ListGroupsQueryDto } from './list-groups-query.dto';
import { PutGroupDto } from './put-group.dto';
import { PutQueueSettingsDto } from './put-queue-settings.dto';

const pipe = new ApiValidationPipe();

async function validated(metatype: ArgumentMetadata['metatype'], value: unknown, type: ArgumentMetadata['type'] = 'body'): Promise<{ dto?: unknown; errors: FieldError[] }> {
  try {
    return { dto: await pipe.transform(value, { type, metatype }), errors: [] };
  } catch (err) {
    if (err instanceof ValidationFailedException) return { errors: err.errors };
    throw err;
  }
}

const MAX_RATE = { max: MAX_RATE_LIMIT_MAX, perMs: MAX_RATE_LIMIT_PER_MS };

describe('PutQueueSettingsDto', () => {
  it('takes every field at its maximum, nulls (clear) and an empty body (no change)', async () => {
    await expect(validated(PutQueueSettingsDto, { groupConcurrency: MAX_GROUP_CONCURRENCY, rateLimit: MAX_RATE })).resolves.toMatchObject({ errors: [] });
    await expect(validated(PutQueueSettingsDto, { groupConcurrency: 1, rateLimit: { max: 1, perMs: 1 } })).resolves.toMatchObject({ errors: [] });
    const { dto } = await validated(PutQueueSettingsDto, { groupConcurrency: null, rateLimit: null });
    expect(dto).toMatchObject({ groupConcurrency: null, rateLimit: null });
    const empty = await validated(PutQueueSettingsDto, {});
    expect(empty.errors).toEqual([]);
    expect(empty.dto).toMatchObject({ groupConcurrency: undefined, rateLimit: undefined });
  });

  it.each<[object, string, string]>([
    [{ groupConcurrency: 0 }, 'groupConcurrency', 'must not be less than 1'],
    [{ groupConcurrency: MAX_GROUP_CONCURRENCY + 1 }, 'groupConcurrency', `must not be greater than ${MAX_GROUP_CONCURRENCY}`],
    [{ groupConcurrency: 2.5 }, 'groupConcurrency', 'must be an integer number'],
    [{ groupConcurrency: '5' }, 'groupConcurrency', 'must be an integer number'],
    [{ rateLimit: { max: 5 } }, 'rateLimit.perMs', 'must be an integer number'],
    [{ rateLimit: { max: 0, perMs: 1000 } }, 'rateLimit.max', 'must not be less than 1'],
    [{ rateLimit: { max: MAX_RATE_LIMIT_MAX + 1, perMs: 1000 } }, 'rateLimit.max', `must not be greater than ${MAX_RATE_LIMIT_MAX}`],
    [{ rateLimit: { max: 1, perMs: 0 } }, 'rateLimit.perMs', 'must not be less than 1'],
    [{ rateLimit: { max: 1, perMs: MAX_RATE_LIMIT_PER_MS + 1 } }, 'rateLimit.perMs', `must not be greater than ${MAX_RATE_LIMIT_PER_MS}`],
    [{ rateLimit: 10 }, 'rateLimit', 'must be an object'],
    [{ rateLimit: { max: 1, perMs: 1, burst: 2 } }, 'rateLimit.burst', 'is not a known field'],
    [{ paused: true }, 'paused', 'is not a known field'],
  ])('%j -> %s %s', async (body, field, reason) => {
    await expect(validated(PutQueueSettingsDto, body)).resolves.toEqual({ errors: [{ field, reason }] });
  });
});

describe('PutGroupDto', () => {
  it('takes every field at its maximum, and nulls for the cap and rate', async () => {
    await expect(validated(PutGroupDto, { concurrency: MAX_GROUP_CONCURRENCY, rateLimit: MAX_RATE, paused: false })).resolves.toMatchObject({ errors: [] });
    await expect(validated(PutGroupDto, { concurrency: null, rateLimit: null })).resolves.toMatchObject({ errors: [] });
  });

  it.each<[object, string, string]>([
    [{ concurrency: 0 }, 'concurrency', 'must not be less than 1'],
    [{ concurrency: MAX_GROUP_CONCURRENCY + 1 }, 'concurrency', `must not be greater than ${MAX_GROUP_CONCURRENCY}`],
    [{ paused: null }, 'paused', 'must be a boolean value'],
    [{ paused: 'true' }, 'paused', 'must be a boolean value'],
    [{ rateLimit: { perMs: 1000 } }, 'rateLimit.max', 'must be an integer number'],
    [{ groupConcurrency: 5 }, 'groupConcurrency', 'is not a known field'],
  ])('%j -> %s %s', async (body, field, reason) => {
    await expect(validated(PutGroupDto, body)).resolves.toEqual({ errors: [{ field, reason }] });
  });
});

describe('ListGroupsQueryDto', () => {
  it(`takes limit 1 to ${MAX_GROUPS_PAGE}, and refuses more, naming limit`, async () => {
    await expect(validated(ListGroupsQueryDto, { limit: String(MAX_GROUPS_PAGE) }, 'query')).resolves.toMatchObject({ dto: { limit: MAX_GROUPS_PAGE }, errors: [] });
    await expect(validated(ListGroupsQueryDto, { limit: String(MAX_GROUPS_PAGE + 1) }, 'query')).resolves.toEqual({
      errors: [{ field: 'limit', reason: `must not be greater than ${MAX_GROUPS_PAGE}` }],
    });
    await expect(validated(ListGroupsQueryDto, { limit: '0' }, 'query')).resolves.toMatchObject({ errors: [{ field: 'limit' }] });
    await expect(validated(ListGroupsQueryDto, { cursor: '' }, 'query')).resolves.toMatchObject({ errors: [{ field: 'cursor' }] });
  });
});
