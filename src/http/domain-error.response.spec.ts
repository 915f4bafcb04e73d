import {
  InvalidJobSpecError,
  InvalidTransitionError,
  JobNotFoundError,
  PayloadTooLargeError,
  StoreUnavailableError,
} from '../domain/errors';
import { domainErrorResponse } from './domain-error.response';

describe('domainErrorResponse', () => {
  it('maps a missing job to 404', () => {
    expect(domainErrorResponse(new JobNotFoundError('q-1'))).toMatchObject({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', code: 'job_not_found', message: 'job q-1 not found' },
    });
  });

  it('maps a transition the state does not allow to 409', () => {
    expect(domainErrorResponse(new InvalidTransitionError('q-1', 'succeeded', 'cancel')).status).toBe(409);
  });

  it('maps an invalid spec to 400 naming the field', () => {
    expect(domainErrorResponse(new InvalidJobSpecError('jobs.2.runAt', 'is too far')).body).toMatchObject({
      statusCode: 400,
      errors: [{ field: 'jobs.2.runAt', reason: 'is too far' }],
    });
  });

  it('maps a payload over the limit to 413 naming the field', () => {
    expect(domainErrorResponse(new PayloadTooLargeError('payload', 2000, 1024))).toMatchObject({
      status: 413,
      body: { errors: [{ field: 'payload', reason: 'is 2000 bytes, more than the limit of 1024 bytes' }] },
    });
  });

  it('maps an unavailable store to 503 with Retry-After in whole seconds', () => {
    expect(domainErrorResponse(new StoreUnavailableError('redis is down', 2.5))).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '3' },
      body: { code: 'store_unavailable' },
    });
  });
});
