import { ReplyError } from 'ioredis';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors';
import { JobNotFoundError, StoreUnavailableError } from '../../../domain/errors';
import { toStoreError } from './redis-availability';

const withCode = (code: string): Error => Object.assign(new Error(`connect ${code} 127.0.0.1:6379`), { code });

describe('toStoreError', () => {
  it.each<[string, unknown]>([
    ['ioredis giving up on a command', new MaxRetriesPerRequestError(3)],
    ...['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].map(
      (code): [string, unknown] => [code, withCode(code)],
    ),
    ['a closed connection', new Error('Connection is closed.')],
    ['an unwritable stream', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ...['LOADING Redis is loading', 'MASTERDOWN Link is down', 'TRYAGAIN Multiple keys', 'CLUSTERDOWN The cluster is down', "READONLY You can't write against a read only replica."].map(
      (reply): [string, unknown] => [reply, new ReplyError(reply)],
    ),
  ])('maps %s to StoreUnavailableError', (_name, error) => {
    expect(toStoreError(error)).toBeInstanceOf(StoreUnavailableError);
  });

  it.each<[string, unknown]>([
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an error reply of a script', new ReplyError('ERR user_script:1: bad argument')],
    ['a reply that merely mentions loading', new ReplyError('ERR LOADINGS')],
    ['an error with an unrelated code', withCode('ERR_INVALID_ARG_TYPE')],
    ['a thrown string', 'boom'],
  ])('lets %s through unchanged', (_name, error) => {
    expect(toStoreError(error)).toBe(error);
  });

  it('keeps domain errors as they are', () => {
    const error = new JobNotFoundError('q-1');
    expect(toStoreError(error)).toBe(error);
  });
});
