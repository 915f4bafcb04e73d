import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogDestination } from './log-destination';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('LogDestination', () => {
  let dir: string;
  let file: string;
  let fd: number;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'claimq-log-destination-'));
    file = join(dir, 'out.log');
    fd = openSync(file, 'a');
  });

  afterEach(() => {
    try {
      closeSync(fd);
    } catch {
      // closed by the test
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the lines of one event-loop turn together at its end, in order', async () => {
    const destination = new LogDestination(fd);
    destination.write('{"n":1}\n');
    destination.write('{"n":2}\n');
    destination.write('{"n":3}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    await nextTurn();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    destination.write('{"n":4}\n');
    await nextTurn();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n');
    expect(destination.dropped).toBe(0);
  });

  it('writes at once when a turn gathers more than 64 KiB', () => {
    const destination = new LogDestination(fd);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) destination.write(line);
    expect(readFileSync(file, 'utf8')).toBe(line.repeat(64));
  });

  it('drops lines once the descriptor is gone, and every later line at once', async () => {
    const destination = new LogDestination(fd);
    closeSync(fd);
    destination.write('lost 1\n');
    destination.write('lost 2\n');
    await nextTurn();
    expect(destination.dropped).toBe(2);
    destination.write('lost 3\n');
    expect(destination.dropped).toBe(3);
  });

  it('writes what the last turn gathered when the process exits (process.exit right after a line)', () => {
    const script = [
      "const { LogDestination } = require('./src/logging/log-destination');",
      "const destination = new LogDestination(1);",
      "destination.write('before exit\\n');",
      'process.exit(3);',
    ].join('\n');
    const child = spawnSync(process.execPath, ['-r', '@swc-node/register', '-e', script], { cwd: join(__dirname, '..', '..'), encoding: 'utf8' });
    expect(child.status).toBe(3);
    expect(child.stdout).toBe('before exit\n');
  });
});
