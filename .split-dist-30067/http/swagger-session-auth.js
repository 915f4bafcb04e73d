"use strict";
/**
 * Swagger UI plugins, sent to the browser as their source text (@nestjs/swagger writes functions
 * of the UI options into swagger-ui-init.js with toString): each must be self-contained, reading
 * only browser globals.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.sessionStorageAuthPlugin = sessionStorageAuthPlugin;
exports.downloadUrlPlugin = downloadUrlPlugin;
/**
 * Keeps what the Authorize dialog holds (the bearer key) in sessionStorage, so a reload of /docs
 * keeps it and closing the tab forgets it. swagger-ui's own persistAuthorization keeps it in
 * localStorage, on disk and for every later visitor of the browser profile, so it stays off.
 */
function sessionStorageAuthPlugin() {
    const KEY = 'claimq.docs.authorized';
    const save = (system) => {
        try {
            sessionStorage.setItem(KEY, JSON.stringify(system.authSelectors.authorized().toJS()));
        }
        catch {
            // storage refused (private mode, quota): the key just is not kept across reloads
        }
    };
    const keepAfter = (action, system) => (payload) => {
        const result = action(payload);
        save(system);
        return result;
    };
    return {
        afterLoad(system) {
            try {
                const saved = sessionStorage.getItem(KEY);
                if (saved)
                    system.authActions.restoreAuthorization({ authorized: JSON.parse(saved) });
            }
            catch {
                // nothing usable kept: the user authorizes again
            }
        },
        statePlugins: { auth: { wrapActions: { authorize: keepAfter, logout: keepAfter } } },
    };
}
/** The page's default plugin (fetching the spec by URL), which options.plugins would otherwise replace. */
function downloadUrlPlugin(system) {
    const bundle = globalThis.SwaggerUIBundle;
    return bundle.plugins.DownloadUrl(system);
}
//# sourceMappingURL=swagger-session-auth.js.map