#!/usr/bin/env node
// `npm start` runs this first: builds dist/ when it is missing or older than any source file
// (the service's in src/, the dashboard's in ui/),
// so a new user can `npm ci && npm start` without knowing about the build step.
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { execSync } = require('node:child_process');

const root = join(__dirname, '..');
const entry = join(root, 'dist', 'main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

const dashboard = join(root, 'dist', 'ui', 'index.html');
const stale =
  !existsSync(entry) ||
  newestMtime(join(root, 'src')) > statSync(entry).mtimeMs ||
  !existsSync(dashboard) ||
  newestMtime(join(root, 'ui')) > statSync(dashboard).mtimeMs;
if (stale) {
  process.stderr.write('claimq: building dist/ (npm run build)\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
