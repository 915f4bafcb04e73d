"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var LoggingModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.LoggingModule = void 0;
const common_1 = require("@nestjs/common");
const nestjs_pino_1 = require("nestjs-pino");
const root_logger_1 = require("./root-logger");
/**
 * Structured JSON logs through pino. nestjs-pino turns Nest's Logger calls into pino records
 * (configureApp: app.useLogger); `useExisting` because the request logger is installed by
 * configureApp as the first express middleware (so that requests refused before Nest routes them,
 * a 401 or the OpenAPI page, are logged too), and nestjs-pino only binds its req.log to the
 * request's log context.
 */
let LoggingModule = LoggingModule_1 = class LoggingModule {
    static forRoot(config) {
        const logger = (0, root_logger_1.createRootLogger)(config);
        return {
            module: LoggingModule_1,
            imports: [nestjs_pino_1.LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true })],
            providers: [{ provide: root_logger_1.ROOT_LOGGER, useValue: logger }],
            exports: [root_logger_1.ROOT_LOGGER],
        };
    }
};
exports.LoggingModule = LoggingModule;
exports.LoggingModule = LoggingModule = LoggingModule_1 = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({})
], LoggingModule);
//# sourceMappingURL=logging.module.js.map