"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DASHBOARD_DIR = exports.DASHBOARD_PATH = void 0;
exports.serveDashboard = serveDashboard;
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
/** Where the dashboard is served; the API key middleware leaves it open (the files hold no data). */
exports.DASHBOARD_PATH = '/ui';
/** The built dashboard (`vite build` into dist/ui): beside the compiled configure-app.js. */
exports.DASHBOARD_DIR = (0, node_path_1.join)(__dirname, '..', 'ui');
/** Vite names every asset under assets/ by a hash of its content: a new build is a new name. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.\w+$/;
/** The page loads only its own files and calls only its own origin (the API). */
const DASHBOARD_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/**
 * Serves the dashboard's static files at /ui. Hashed assets are cached for good; index.html and
 * anything else is revalidated on every load, so a new build shows at once. Nothing is served when
 * the directory is missing (running from source without a `vite build`): /ui then answers 404.
 */
function serveDashboard(app, dir = exports.DASHBOARD_DIR) {
    if (!(0, node_fs_1.existsSync)((0, node_path_1.join)(dir, 'index.html')))
        return false;
    app.useStaticAssets(dir, {
        prefix: exports.DASHBOARD_PATH,
        index: 'index.html',
        // hash routing: the only file a deep link loads is index.html, so no fallback route is needed
        fallthrough: true,
        etag: true,
        setHeaders: (res, path) => {
            res.setHeader('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
            res.setHeader('X-Content-Type-Options', 'nosniff');
            if (path.endsWith('.html'))
                res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
        },
    });
    return true;
}
//# sourceMappingURL=dashboard-static.js.map