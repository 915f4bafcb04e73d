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
 * Provides claimq's AppConfig to its modules. Built before the modules that read it: from
 * validated settings (ClaimqModule.forRoot: the service's environment, or an embedding app's
 * options), or by a factory (ClaimqModule.forRootAsync). Tests build one with AppConfig.from({...}).
 * Global, as @nestjs/config's ConfigModule is: every claimq module reads it.
 */
let AppConfigModule = AppConfigModule_1 = class AppConfigModule {
    static forRoot(config) {
        return AppConfigModule_1.with({ provide: app_config_1.AppConfig, useValue: config });
    }
    static forRootAsync(provider, imports = []) {
        return { ...AppConfigModule_1.with(provider), imports };
    }
    static with(provider) {
        return { module: AppConfigModule_1, global: true, providers: [provider], exports: [app_config_1.AppConfig] };
    }
};
exports.AppConfigModule = AppConfigModule;
exports.AppConfigModule = AppConfigModule = AppConfigModule_1 = __decorate([
    (0, common_1.Module)({})
], AppConfigModule);
//# sourceMappingURL=config.module.js.map