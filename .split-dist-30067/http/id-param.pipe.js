"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExecutionIdPipe = exports.JobIdPipe = void 0;
const common_1 = require("@nestjs/common");
const errors_1 = require("../domain/errors");
const execution_1 = require("../domain/execution");
const job_id_1 = require("../domain/job-id");
/**
 * `:id` of a job: an id claimq cannot have made (`<queue>-<20 base32>`) is a 404 at once, whatever
 * its bytes, so a NUL or a lone surrogate never reaches the store or PostgreSQL (which refuses
 * them with an error, not an empty result).
 */
let JobIdPipe = class JobIdPipe {
    transform(id) {
        if ((0, job_id_1.queueOfJobId)(id) === undefined)
            throw new errors_1.JobNotFoundError(id);
        return id;
    }
};
exports.JobIdPipe = JobIdPipe;
exports.JobIdPipe = JobIdPipe = __decorate([
    (0, common_1.Injectable)()
], JobIdPipe);
/** `:id` of an execution, as JobIdPipe. */
let ExecutionIdPipe = class ExecutionIdPipe {
    transform(id) {
        if ((0, execution_1.queueOfExecutionId)(id) === undefined)
            throw new errors_1.ExecutionNotFoundError(id);
        return id;
    }
};
exports.ExecutionIdPipe = ExecutionIdPipe;
exports.ExecutionIdPipe = ExecutionIdPipe = __decorate([
    (0, common_1.Injectable)()
], ExecutionIdPipe);
//# sourceMappingURL=id-param.pipe.js.map