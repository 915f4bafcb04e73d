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
exports.ListGroupsQueryDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const fairness_1 = require("../../../domain/fairness");
const job_limits_1 = require("../job-limits");
const page_query_dto_1 = require("./page-query.dto");
/** GET /queues/:name/groups: the listings' cursor, and a page size of its own (groups are bigger rows). */
class ListGroupsQueryDto extends (0, swagger_1.PickType)(page_query_dto_1.PageQueryDto, ['cursor']) {
    limit;
}
exports.ListGroupsQueryDto = ListGroupsQueryDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: 1, maximum: fairness_1.MAX_GROUPS_PAGE, default: job_limits_1.DEFAULT_GROUPS_PAGE }),
    (0, class_validator_1.IsOptional)(),
    (0, class_transformer_1.Type)(() => Number),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(fairness_1.MAX_GROUPS_PAGE),
    __metadata("design:type", Number)
], ListGroupsQueryDto.prototype, "limit", void 0);
//# sourceMappingURL=list-groups-query.dto.js.map