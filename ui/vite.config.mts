import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The dashboard (README, Dashboard): Preact + uPlot, bundled into dist/ui, which the service
 * serves at /ui. Relative asset URLs (base './'), so the page also works behind a path prefix.
 * `npm run dev:ui` serves it with hot reload and proxies the API to a service on :3000.
 */
export default defineConfig({
  root,
  base: './',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/ui', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: 'assets',
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    proxy: Object.fromEntries(
      ['/jobs', '/queues', '/executions', '/schedules', '/workers', '/whoami', '/audit'].map((path) => [path, 'http://127.0.0.1:3000']),
    ),
  },
});
