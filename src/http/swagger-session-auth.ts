/**
 * Swagger UI plugins, sent to the browser as their source text (@nestjs/swagger writes functions
 * of the UI options into swagger-ui-init.js with toString): each must be self-contained, reading
 * only browser globals.
 */

/** The minimum of a swagger-ui system the session plugin uses. */
interface SwaggerUiSystem {
  authSelectors: { authorized(): { toJS(): unknown } };
  authActions: { restoreAuthorization(payload: { authorized: unknown }): void };
}

type Action = (payload: unknown) => unknown;

/**
 * Keeps what the Authorize dialog holds (the bearer key) in sessionStorage, so a reload of /docs
 * keeps it and closing the tab forgets it. swagger-ui's own persistAuthorization keeps it in
 * localStorage, on disk and for every later visitor of the browser profile, so it stays off.
 */
export function sessionStorageAuthPlugin(): object {
  const KEY = 'claimq.docs.authorized';
  const save = (system: SwaggerUiSystem): void => {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(system.authSelectors.authorized().toJS()));
    } catch {
      // storage refused (private mode, quota): the key just is not kept across reloads
    }
  };
  const keepAfter = (action: Action, system: SwaggerUiSystem): Action => (payload) => {
    const result = action(payload);
    save(system);
    return result;
  };
  return {
    afterLoad(system: SwaggerUiSystem): void {
      try {
        const saved = sessionStorage.getItem(KEY);
        if (saved) system.authActions.restoreAuthorization({ authorized: JSON.parse(saved) });
      } catch {
        // nothing usable kept: the user authorizes again
      }
    },
    statePlugins: { auth: { wrapActions: { authorize: keepAfter, logout: keepAfter } } },
  };
}

/** The page's default plugin (fetching the spec by URL), which options.plugins would otherwise replace. */
export function downloadUrlPlugin(system: unknown): unknown {
  const bundle = (globalThis as unknown as { SwaggerUIBundle: { plugins: { DownloadUrl(system: unknown): unknown } } }).SwaggerUIBundle;
  return bundle.plugins.DownloadUrl(system);
}
