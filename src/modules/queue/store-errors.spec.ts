import { ReplyError } from 'ioredis';
import { isConnectionError } from './store-errors';

/** Errors ioredis raises on a Redis Cluster mid-failover: each is unavailability (503), not a bug (500). */
describe('isConnectionError on a Redis Cluster', () => {
  it.each([
    'MOVED 3999 127.0.0.1:7001',
    'ASK 3999 127.0.0.1:7001',
    'TRYAGAIN Multiple keys request during rehashing of slot',
    'CLUSTERDOWN The cluster is down',
    'READONLY You can\'t write against a read only replica.',
  ])('counts the reply %j', (message) => {
    expect(isConnectionError(new ReplyError(message))).toBe(true);
  });

  it.each([
    'Too many Cluster redirections. Last error: ReplyError: CLUSTERDOWN The cluster is down',
    'Failed to refresh slots cache.',
    'Command aborted due to connection close',
    'Connection is closed.',
    'None of startup nodes is available',
  ])('counts the client error %j', (message) => {
    expect(isConnectionError(new Error(message))).toBe(true);
  });

  it('does not count a script error or a bug', () => {
    expect(isConnectionError(new ReplyError('ERR user_script:12: claimq enqueue: job 1 needs a type'))).toBe(false);
    expect(isConnectionError(new ReplyError('NOSCRIPT No matching script. Please use EVAL.'))).toBe(false);
    expect(isConnectionError(new TypeError('x is undefined'))).toBe(false);
  });
});
