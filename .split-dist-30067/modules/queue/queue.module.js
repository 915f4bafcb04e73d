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
const clock_1 = require("../../domain/clock");
const callback_enqueuer_1 = require("./callback-enqueuer");
const job_store_1 = require("./job-store");
const job_store_factory_1 = require("./job-store.factory");
const store_health_1 = require("./store-health");
const tracing_1 = require("../tracing");
/**
 * The JobStore (from JOB_STORE), its StoreHealth (readiness), the clock every part reads and the
 * one callback service, to every module of claimq: global, since every part needs the store.
 */
let QueueModule = class QueueModule {
    store;
    health;
    constructor(store, health) {
        this.store = store;
        this.health = health;
    }
    /** A Redis too old for the scripts stops the start here, with the reason. */
    async onModuleInit() {
        await this.health.checkAtStart();
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
            { provide: clock_1.CLOCK, useValue: clock_1.systemClock },
            { provide: job_store_1.JobStore, inject: [app_config_1.AppConfig, clock_1.CLOCK, tracing_1.JobTracer], useFactory: job_store_factory_1.createJobStore },
            {
                provide: callback_enqueuer_1.CallbackEnqueuer,
                inject: [job_store_1.JobStore, clock_1.CLOCK, app_config_1.AppConfig, tracing_1.JobTracer],
                useFactory: (store, clock, config, tracer) => new callback_enqueuer_1.CallbackEnqueuer(store, clock, config.maxPayloadBytes, undefined, config.hostGroups, tracer),
            },
            { provide: store_health_1.StoreHealth, inject: [job_store_1.JobStore], useFactory: (store) => store.health },
        ],
        exports: [job_store_1.JobStore, store_health_1.StoreHealth, clock_1.CLOCK, callback_enqueuer_1.CallbackEnqueuer],
    }),
    __param(0, (0, common_1.Inject)(job_store_1.JobStore)),
    __param(1, (0, common_1.Inject)(store_health_1.StoreHealth)),
    __metadata("design:paramtypes", [job_store_1.JobStore,
        store_health_1.StoreHealth])
], QueueModule);
//# sourceMappingURL=queue.module.js.map