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
exports.AuditController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const http_1 = require("../../http");
const jobs_1 = require("../jobs");
const audit_entry_presenter_1 = require("./audit-entry.presenter");
const audit_trail_service_1 = require("./audit-trail.service");
const audit_entry_response_dto_1 = require("./dto/audit-entry-response.dto");
const audit_query_dto_1 = require("./dto/audit-query.dto");
const whoami_response_dto_1 = require("./dto/whoami-response.dto");
let AuditController = class AuditController {
    trail;
    constructor(trail) {
        this.trail = trail;
    }
    async list(query) {
        const page = await this.trail.list(query.limit ?? jobs_1.DEFAULT_LIST_LIMIT, query.cursor === undefined ? undefined : Number(query.cursor));
        return { items: page.items.map(audit_entry_presenter_1.presentAuditEntry), nextCursor: page.nextCursor };
    }
    whoami(req) {
        const { access, keyId } = (0, http_1.requestAccess)(req);
        return { access, keyId };
    }
};
exports.AuditController = AuditController;
__decorate([
    (0, common_1.Get)('audit'),
    (0, swagger_1.ApiOperation)({ operationId: 'listAuditEntries', summary: 'The audit trail: changes made through the API (not job creation), newest first, paged' }),
    (0, swagger_1.ApiOkResponse)({ type: audit_entry_response_dto_1.AuditPageResponseDto }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'limit or cursor is invalid; `errors` names it' }),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'Where the trail lives (job history, or the job store) is unreachable' }),
    __param(0, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [audit_query_dto_1.AuditQueryDto]),
    __metadata("design:returntype", Promise)
], AuditController.prototype, "list", null);
__decorate([
    (0, common_1.Get)('whoami'),
    (0, swagger_1.ApiOperation)({ operationId: 'whoami', summary: 'What the key of this request may do, and its id' }),
    (0, swagger_1.ApiOkResponse)({ type: whoami_response_dto_1.WhoamiResponseDto }),
    __param(0, (0, common_1.Req)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", whoami_response_dto_1.WhoamiResponseDto)
], AuditController.prototype, "whoami", null);
exports.AuditController = AuditController = __decorate([
    (0, swagger_1.ApiTags)('audit'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [audit_trail_service_1.AuditTrail])
], AuditController);
//# sourceMappingURL=audit.controller.js.map