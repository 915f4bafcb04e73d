import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Response } from 'express';

/** Where the dashboard is served; the API key middleware leaves it open (the files hold no data). */
export const DASHBOARD_PATH = '/ui';

/** The built dashboard (`vite build` into dist/ui): beside the compiled configure-app.js. */
export const DASHBOARD_DIR = join(__dirname, '..', 'ui');

/** Vite names every asset under assets/ by a hash of its content: a new build is a new name. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.\w+$/;

/** The page loads only its own files and calls only its own origin (the API). */
const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Serves the dashboard's static files at /ui. Hashed assets are cached for good; index.html and
 * anything else is revalidated on every load, so a new build shows at once. Nothing is served when
 * the directory is missing (running from source without a `vite build`): /ui then answers 404.
 */
export function serveDashboard(app: NestExpressApplication, dir = DASHBOARD_DIR): boolean {
  if (!existsSync(join(dir, 'index.html'))) return false;
  app.useStaticAssets(dir, {
    prefix: DASHBOARD_PATH,
    index: 'index.html',
    // hash routing: the only file a deep link loads is index.html, so no fallback route is needed
    fallthrough: true,
    etag: true,
    setHeaders: (res: Response, path: string) => {
      res.setHeader('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (path.endsWith('.html')) res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
    },
  });
  return true;
}
