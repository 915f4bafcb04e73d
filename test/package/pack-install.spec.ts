import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ensureBuilt } from '../support/processes';

const execFileAsync = promisify(execFile);

/** execFile that, when the command fails, says what it printed (tsc and npm write their errors to stdout). */
async function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number }): Promise<{ stdout: string }> {
  try {
    return await execFileAsync(file, args, { maxBuffer: 64 * 1024 * 1024, ...options });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`${[file, ...args].join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: err });
  }
}
const ROOT = resolve(__dirname, '../..');
const APP_SOURCE = join(__dirname, 'app');

/**
 * What `nest new` puts in a NestJS 12 app's package.json, plus the compiler (the scaffold's
 * tsconfig is app/tsconfig.json). The framework comes from the registry at the newest 12.x.
 */
const APP_DEPENDENCIES = ['@nestjs/common@^12', '@nestjs/core@^12', '@nestjs/platform-express@^12', 'reflect-metadata@^0.2', 'rxjs@^7'];
const APP_DEV_DEPENDENCIES = ['typescript@~6.0.3', '@types/node@^24'];

/** npm run passes its own configuration down as npm_* variables; the app's npm must not inherit the project's. */
function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

/** Every copy of a package installed under dir, at any depth. */
async function installedCopies(dir: string, name: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(modules: string): Promise<void> {
    let entries: string[];
    try {
      entries = await readdir(modules);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.startsWith('.')) continue;
      const scoped = entry.startsWith('@') ? (await readdir(join(modules, entry))).map((e) => `${entry}/${e}`) : [entry];
      for (const pkg of scoped) {
        if (pkg === name) found.push(join(modules, pkg));
        await walk(join(modules, pkg, 'node_modules'));
      }
    }
  }
  await walk(join(dir, 'node_modules'));
  return found;
}

/**
 * claimq as an app installs it: `npm pack`, then `npm install <tarball>` into a fresh NestJS 12
 * app, once an ES module app (what `nest new` scaffolds now) and once a CommonJS one, with no
 * --force and no --legacy-peer-deps. The app compiles against claimq's declarations, starts
 * claimq's modules inside its own container next to a handler of its own, and runs a job of its
 * type through claimq's REST API: which works only if app and claimq share one @nestjs/core.
 */
describe('claimq as a package in a NestJS 12 app', () => {
  let workDir: string;
  let tarball: string;

  beforeAll(async () => {
    ensureBuilt();
    workDir = await mkdtemp(join(tmpdir(), 'claimq-pack-'));
    // --ignore-scripts: prepack would rebuild dist/ under the feet of the suites running beside this one
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', workDir], { cwd: ROOT, env: npmEnv() });
    const [{ filename, files }] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    tarball = join(workDir, filename);
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/main.js', 'dist/lua/claim.lua', 'package.json']));
    expect(paths.filter((p) => /(^|\/)(test|bench|src)\/|\.spec\.|\.map$/.test(p))).toEqual([]);
  }, 180_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it.each([
    ['an ES module app', 'module'],
    ['a CommonJS app', 'commonjs'],
  ] as const)('installs into %s with one @nestjs/core, compiles, and runs a job of the app through claimq', async (_name, format) => {
    const app = join(workDir, `${format}-app`);
    await cp(APP_SOURCE, app, { recursive: true });
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: `${format}-app`, version: '0.0.1', private: true, type: format }, null, 2));

    await run('npm', ['install', '--no-audit', '--no-fund', tarball, ...APP_DEPENDENCIES], { cwd: app, env: npmEnv() });
    await run('npm', ['install', '--no-audit', '--no-fund', '--save-dev', ...APP_DEV_DEPENDENCIES], { cwd: app, env: npmEnv() });

    expect(await installedCopies(app, '@nestjs/core')).toEqual([join(app, 'node_modules/@nestjs/core')]);
    expect(await installedCopies(app, '@nestjs/common')).toEqual([join(app, 'node_modules/@nestjs/common')]);
    const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies.claimq).toMatch(/claimq-.*\.tgz$/);

    await run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app });
    const { stdout } = await run(process.execPath, [join(app, 'dist/main.js')], { cwd: app, env: npmEnv(), timeout: 60_000 });
    expect(JSON.parse(stdout.trim())).toEqual({ format, created: 201, status: 'succeeded', result: { greeting: 'hello nest' } });
  }, 300_000);
});
