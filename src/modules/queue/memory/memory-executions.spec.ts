import { MemoryExecutions } from './memory-executions';

/** The idempotency keys of the memory store's executions, freed with them as trim-executions.lua does. */
describe('MemoryExecutions idempotency keys', () => {
  function finished(executions: MemoryExecutions, id: string, key: string, now: number): void {
    executions.create(id, now, undefined, key);
    executions.addJob(id, `${id}-job`, 'pending', now);
    executions.move(id, 'pending', 'succeeded', now);
    const claimed = executions.claim('r1', 10, now);
    executions.ack('r1', claimed.map((e) => e.id), [], now);
  }

  it('frees the key of a trimmed execution, and leaves a key another execution took since', () => {
    const executions = new MemoryExecutions('q');
    finished(executions, 'q-a', 'k1', 0);
    expect(executions.byIdempotencyKey('k1')?.id).toBe('q-a');
    expect(executions.trim(10, 10)).toBe(1);
    expect(executions.idempotency.size).toBe(0);

    finished(executions, 'q-b', 'k2', 20);
    executions.idempotency.set('k2', 'q-later');
    expect(executions.trim(30, 10)).toBe(1);
    expect(executions.idempotency.get('k2')).toBe('q-later');
  });
});
