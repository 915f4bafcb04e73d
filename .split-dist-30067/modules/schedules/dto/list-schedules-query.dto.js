"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ListSchedulesQueryDto = void 0;
const jobs_1 = require("../../jobs");
/** GET /schedules: a page of schedules by name. */
class ListSchedulesQueryDto extends jobs_1.PageQueryDto {
}
exports.ListSchedulesQueryDto = ListSchedulesQueryDto;
//# sourceMappingURL=list-schedules-query.dto.js.map