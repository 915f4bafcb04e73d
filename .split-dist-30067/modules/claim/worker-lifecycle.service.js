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
Object.defineProperty(exports, "__esModule", { value: true });
exports.WorkerLifecycleService = void 0;
const common_1 = require("@nestjs/common");
const worker_runtime_1 = require("./worker-runtime");
/**
 * Starts the workers once every module is initialised (handlers discovered) and drains them
 * before the app shuts down: beforeApplicationShutdown runs while the store, the heartbeat
 * interval and the HTTP server (/health) are still up.
 */
let WorkerLifecycleService = class WorkerLifecycleService {
    runtime;
    constructor(runtime) {
        this.runtime = runtime;
    }
    onApplicationBootstrap() {
        this.runtime.start();
    }
    async beforeApplicationShutdown() {
        await this.runtime.shutdown();
    }
};
exports.WorkerLifecycleService = WorkerLifecycleService;
exports.WorkerLifecycleService = WorkerLifecycleService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [worker_runtime_1.WorkerRuntime])
], WorkerLifecycleService);
//# sourceMappingURL=worker-lifecycle.service.js.map