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
exports.HandlerDiscoveryService = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const handler_registry_1 = require("./handler-registry");
const job_handler_decorator_1 = require("./job-handler.decorator");
/** Registers every @JobHandler method of the application's providers, bound to its instance. */
let HandlerDiscoveryService = class HandlerDiscoveryService {
    discovery;
    scanner;
    reflector;
    registry;
    constructor(discovery, scanner, reflector, registry) {
        this.discovery = discovery;
        this.scanner = scanner;
        this.reflector = reflector;
        this.registry = registry;
    }
    onModuleInit() {
        const seen = new Set();
        for (const wrapper of this.discovery.getProviders()) {
            const instance = wrapper.instance;
            // request-scoped providers have no instance to call; one instance may sit under two tokens
            if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic() || seen.has(instance))
                continue;
            seen.add(instance);
            const prototype = Object.getPrototypeOf(instance);
            if (!prototype)
                continue;
            for (const name of this.scanner.getAllMethodNames(prototype)) {
                const method = instance[name];
                if (typeof method !== 'function')
                    continue;
                const type = this.reflector.get(job_handler_decorator_1.JOB_HANDLER_METADATA, method);
                if (type)
                    this.registry.register(type, method.bind(instance));
            }
        }
    }
};
exports.HandlerDiscoveryService = HandlerDiscoveryService;
exports.HandlerDiscoveryService = HandlerDiscoveryService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [core_1.DiscoveryService,
        core_1.MetadataScanner,
        core_1.Reflector,
        handler_registry_1.HandlerRegistry])
], HandlerDiscoveryService);
//# sourceMappingURL=handler-discovery.service.js.map