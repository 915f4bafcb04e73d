"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.configureApp = configureApp;
const core_1 = require("@nestjs/core");
const nestjs_pino_1 = require("nestjs-pino");
const app_config_1 = require("./config/app-config");
const api_validation_pipe_1 = require("./http/api-validation.pipe");
const api_key_middleware_1 = require("./http/api-key.middleware");
const dashboard_static_1 = require("./http/dashboard-static");
const json_body_middleware_1 = require("./http/json-body.middleware");
const json_only_middleware_1 = require("./http/json-only.middleware");
const domain_exception_filter_1 = require("./http/domain-exception.filter");
const openapi_1 = require("./http/openapi");
const http_request_logger_1 = require("./logging/http-request-logger");
const root_logger_1 = require("./logging/root-logger");
/**
 * The HTTP setup shared by main.ts and the e2e tests, so tests exercise the same app: logs, API
 * keys, body limit, validation, error mapping, OpenAPI. Call before `init()`/`listen()`. Shutdown
 * hooks stay in main.ts. Order matters: the request logger comes first so that every request is
 * logged, the 401s of the key check included; the key check comes before anything it protects.
 */
function configureApp(app, config = app.get(app_config_1.AppConfig)) {
    const express = app;
    app.useLogger(app.get(nestjs_pino_1.Logger));
    express.use((0, http_request_logger_1.httpRequestLogger)(app.get(root_logger_1.ROOT_LOGGER)));
    express.use((0, api_key_middleware_1.apiKeyMiddleware)(config.apiKeys, config.readOnlyApiKeys));
    express.disable('x-powered-by');
    if (config.runsApi)
        (0, dashboard_static_1.serveDashboard)(express);
    // Before any body parser, Nest's urlencoded one included: a body that is not JSON never gets parsed.
    express.use((0, json_only_middleware_1.jsonOnlyMiddleware)());
    // Nest's own json parser (added at init) then finds the body read and leaves it alone.
    express.use((0, json_body_middleware_1.jsonBodyMiddleware)({ limit: config.maxBodyBytes, maxPayloadBytes: config.maxPayloadBytes }));
    app.useGlobalPipes(new api_validation_pipe_1.ApiValidationPipe());
    app.useGlobalFilters(new domain_exception_filter_1.DomainExceptionFilter(app.get(core_1.HttpAdapterHost)));
    (0, openapi_1.setupOpenApi)(app, config);
}
//# sourceMappingURL=configure-app.js.map