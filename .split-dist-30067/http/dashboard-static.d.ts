import type { NestExpressApplication } from '@nestjs/platform-express';
/** Where the dashboard is served; the API key middleware leaves it open (the files hold no data). */
export declare const DASHBOARD_PATH = "/ui";
/** The built dashboard (`vite build` into dist/ui): beside the compiled configure-app.js. */
export declare const DASHBOARD_DIR: string;
/**
 * Serves the dashboard's static files at /ui. Hashed assets are cached for good; index.html and
 * anything else is revalidated on every load, so a new build shows at once. Nothing is served when
 * the directory is missing (running from source without a `vite build`): /ui then answers 404.
 */
export declare function serveDashboard(app: NestExpressApplication, dir?: string): boolean;
