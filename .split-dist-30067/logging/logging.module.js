"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.LoggingModule = void 0;
const common_1 = require("@nestjs/common");
const nestjs_pino_1 = require("nestjs-pino");
const app_config_1 = require("../config/app-config");
const root_logger_1 = require("./root-logger");
/**
 * Structured JSON logs through pino. nestjs-pino turns Nest's Logger calls into pino records
 * (configureApp: app.useLogger); `useExisting` because the request logger is installed by
 * configureApp as the first express middleware (so that requests refused before Nest routes them,
 * a 401 or the OpenAPI page, are logged too), and nestjs-pino only binds its req.log to the
 * request's log context.
 */
let LoggingModule = class LoggingModule {
};
exports.LoggingModule = LoggingModule;
exports.LoggingModule = LoggingModule = __decorate([
    (0, common_1.Module)({
        imports: [nestjs_pino_1.LoggerModule.forRootAsync({ inject: [app_config_1.AppConfig], useFactory: (config) => ({ pinoHttp: { logger: (0, root_logger_1.rootLoggerOf)(config) }, useExisting: true }) })],
        providers: [{ provide: root_logger_1.ROOT_LOGGER, inject: [app_config_1.AppConfig], useFactory: root_logger_1.rootLoggerOf }],
        exports: [root_logger_1.ROOT_LOGGER],
    })
], LoggingModule);
//# sourceMappingURL=logging.module.js.map