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
exports.FairnessService = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const errors_1 = require("../../domain/errors");
const fairness_settings_1 = require("../../domain/fairness-settings");
const job_1 = require("../../domain/job");
const queue_1 = require("../queue");
const accepted_queues_1 = require("./accepted-queues");
/**
 * A queue's fairness controls (README, Fairness and rate limits): its settings and pause, its
 * groups' caps, rates and pauses. Plain service over JobStore.groups: it checks its input (for
 * code that embeds claimq as well as for the API), then the store applies it. Groups by their
 * store names: '' is the default group. Errors name `name` (the queue) and `group`, as the routes do.
 */
let FairnessService = class FairnessService {
    store;
    queues;
    constructor(store, config) {
        this.store = store;
        this.queues = new accepted_queues_1.AcceptedQueues(config.queues);
    }
    settings(queue) {
        this.checkQueue(queue);
        return this.store.groups.settings(queue);
    }
    updateSettings(queue, patch) {
        this.checkQueue(queue);
        (0, fairness_settings_1.checkQueueSettingsPatch)(patch);
        return this.store.groups.updateSettings(queue, patch);
    }
    /** Pauses (no job of the queue is claimed; running ones run on) or resumes the queue. */
    setPaused(queue, paused) {
        this.checkQueue(queue);
        return this.store.groups.setPaused(queue, paused);
    }
    group(queue, group) {
        this.checkQueue(queue);
        (0, fairness_settings_1.checkGroupName)(group);
        return this.store.groups.getGroup(queue, group);
    }
    updateGroup(queue, group, patch) {
        this.checkQueue(queue);
        (0, fairness_settings_1.checkGroupName)(group);
        (0, fairness_settings_1.checkGroupSettingsPatch)(patch);
        return this.store.groups.updateGroup(queue, group, patch);
    }
    groups(queue, limit, cursor) {
        this.checkQueue(queue);
        (0, fairness_settings_1.checkGroupsPageLimit)(limit);
        return this.store.groups.list(queue, limit, cursor);
    }
    /** A queue outside QUEUES is refused as POST /jobs and GET /jobs refuse it (400), naming the path's `name`. */
    checkQueue(queue) {
        if (!job_1.NAME_PATTERN.test(queue))
            throw new errors_1.InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}');
        this.queues.check(queue, 'name');
    }
};
exports.FairnessService = FairnessService;
exports.FairnessService = FairnessService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(queue_1.JobStore)),
    __metadata("design:paramtypes", [Object, app_config_1.AppConfig])
], FairnessService);
//# sourceMappingURL=fairness.service.js.map