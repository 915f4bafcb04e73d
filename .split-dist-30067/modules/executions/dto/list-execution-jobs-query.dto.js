"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ListExecutionJobsQueryDto = void 0;
const jobs_1 = require("../../jobs");
/** `GET /executions/:id/jobs`: paging only. */
class ListExecutionJobsQueryDto extends jobs_1.PageQueryDto {
}
exports.ListExecutionJobsQueryDto = ListExecutionJobsQueryDto;
//# sourceMappingURL=list-execution-jobs-query.dto.js.map