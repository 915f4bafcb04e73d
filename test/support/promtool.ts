import { execFile } from 'node:child_process';

/** Debian's `prometheus` package puts it there; CI installs that package (without its daemon). */
export const PROMTOOL = '/usr/bin/promtool';

export interface PromtoolRun {
  /** the exit code; promtool says 0 for success, 1 for an error, 3 for lint problems */
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs promtool with `args` (and `input` on its stdin, for `check metrics`), in `cwd`, ended after
 * `timeoutMs`. A non-zero exit resolves with its code and output, for the test to show; a missing
 * promtool rejects with how to install it.
 */
export function runPromtool(args: string[], options: { cwd?: string; input?: string; timeoutMs?: number } = {}): Promise<PromtoolRun> {
  return new Promise((resolve, reject) => {
    const child = execFile(PROMTOOL, args, { cwd: options.cwd, timeout: options.timeoutMs ?? 30_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new Error(`${PROMTOOL} not found: install Debian's prometheus package (apt-get install -y --no-install-recommends prometheus)`));
        return;
      }
      if (error?.killed) {
        reject(new Error(`promtool ${args.join(' ')} did not finish within ${options.timeoutMs ?? 30_000} ms:\n${stdout}${stderr}`));
        return;
      }
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr });
    });
    // a promtool that exits without reading all of its input (an error, a command that takes files)
    // closes the pipe: its exit code and output say what happened, not this EPIPE
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input ?? '');
  });
}

/** The run, as one text to show when it failed. */
export function describeRun(run: PromtoolRun): string {
  return `exit code ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}
