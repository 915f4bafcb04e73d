"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var AppConfigModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.AppConfigModule = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("./app-config");
/**
 * Provides the AppConfig the application was built with, to every module. The config is loaded
 * and validated before Nest starts (main.ts: loadAppConfig, which stops the process naming the bad
 * variable); tests build one with AppConfig.from({...}). Providing that very instance, rather than
 * re-reading process.env here, is what lets an e2e test run the app on a config of its own.
 */
let AppConfigModule = AppConfigModule_1 = class AppConfigModule {
    static forRoot(config) {
        return {
            module: AppConfigModule_1,
            global: true,
            providers: [{ provide: app_config_1.AppConfig, useValue: config }],
            exports: [app_config_1.AppConfig],
        };
    }
};
exports.AppConfigModule = AppConfigModule;
exports.AppConfigModule = AppConfigModule = AppConfigModule_1 = __decorate([
    (0, common_1.Module)({})
], AppConfigModule);
//# sourceMappingURL=config.module.js.map