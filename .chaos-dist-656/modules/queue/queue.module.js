"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.QueueModule = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const job_store_1 = require("./job-store");
const job_store_factory_1 = require("./job-store.factory");
const store_health_1 = require("./store-health");
const store_health_factory_1 = require("./store-health.factory");
/** The JobStore (from JOB_STORE) and its StoreHealth (for readiness), to every module. */
let QueueModule = class QueueModule {
    store;
    constructor(store) {
        this.store = store;
    }
    async onApplicationShutdown() {
        await this.store.close();
    }
};
exports.QueueModule = QueueModule;
exports.QueueModule = QueueModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        providers: [
            { provide: job_store_1.JobStore, inject: [app_config_1.AppConfig], useFactory: job_store_factory_1.createJobStore },
            { provide: store_health_1.StoreHealth, inject: [app_config_1.AppConfig, job_store_1.JobStore], useFactory: store_health_factory_1.createStoreHealth },
        ],
        exports: [job_store_1.JobStore, store_health_1.StoreHealth],
    }),
    __param(0, (0, common_1.Inject)(job_store_1.JobStore)),
    __metadata("design:paramtypes", [job_store_1.JobStore])
], QueueModule);
//# sourceMappingURL=queue.module.js.map