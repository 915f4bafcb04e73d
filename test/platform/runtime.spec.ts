import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };

/** The Node lines claimq supports and CI runs the suite on (README, "Node"). */
const SUPPORTED_MAJORS = [24, 26];

function version(text: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
}

function atLeast(actual: [number, number, number], floor: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) if (actual[i] !== floor[i]) return actual[i] > floor[i];
  return true;
}

describe('the runtime the suite runs on', () => {
  it('is a supported LTS line at or above the engines floor, never the machine Node it may have been started from', () => {
    const floor = /^>=(\d+(?:\.\d+){0,2})$/.exec(pkg.engines.node);
    expect(floor).not.toBeNull();
    const running = version(process.versions.node);
    expect(SUPPORTED_MAJORS).toContain(running[0]);
    expect(atLeast(running, version(floor![1]))).toBe(true);
  });

  it('has what NestJS 12 and the http jobs need from it: require() of ES modules, and fetch', () => {
    expect(process.features.require_module).toBe(true);
    expect(typeof fetch).toBe('function');
  });
});
