"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
require("reflect-metadata");
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const app_module_1 = require("./app.module");
const app_config_1 = require("./config/app-config");
const configure_app_1 = require("./configure-app");
const open_access_warning_1 = require("./http/open-access-warning");
async function bootstrap() {
    let config;
    try {
        config = (0, app_config_1.loadAppConfig)();
    }
    catch (err) {
        process.stderr.write(`claimq: ${err.message}\n`);
        process.exit(1);
    }
    const app = await core_1.NestFactory.create(app_module_1.AppModule.forRoot(config), { bufferLogs: true });
    (0, configure_app_1.configureApp)(app, config);
    closeOnSignals(app);
    survivePromiseLeaks();
    await app.listen(config.port, config.host);
    common_1.Logger.log(`claimq listening on ${config.host}:${config.port} (mode=${config.mode}, store=${config.jobStore})`, 'Bootstrap');
    const warning = (0, open_access_warning_1.openAccessWarning)(config);
    if (warning !== undefined)
        common_1.Logger.warn(warning, 'Bootstrap');
}
/**
 * SIGTERM/SIGINT close the app (the workers drain in ClaimModule's beforeApplicationShutdown, the
 * store closes, the HTTP server stops) and then exit 0. This replaces app.enableShutdownHooks():
 * it runs the same hooks, but Nest re-raises the signal once they are done, so a clean drain
 * would end as "killed by SIGTERM", which orchestrators and the fault tests read as a crash.
 */
function closeOnSignals(app) {
    let closing = false;
    for (const signal of ['SIGTERM', 'SIGINT']) {
        process.on(signal, () => {
            if (closing)
                return;
            closing = true;
            common_1.Logger.log(`${signal}: shutting down`, 'Bootstrap');
            app.close().then(() => process.exit(0), (err) => {
                common_1.Logger.error(`shutdown failed: ${err.stack ?? String(err)}`, undefined, 'Bootstrap');
                process.exit(1);
            });
        });
    }
}
/**
 * A rejected promise nobody awaited is a bug, but in a long-running worker it must not take down
 * every job the process holds (Node's default is to exit): log it loudly and keep serving.
 */
function survivePromiseLeaks() {
    process.on('unhandledRejection', (reason) => {
        common_1.Logger.error(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`, undefined, 'Bootstrap');
    });
}
void bootstrap();
//# sourceMappingURL=main.js.map