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
exports.AuditLogEntity = void 0;
const typeorm_1 = require("typeorm");
/**
 * The audit trail with history on: one row per change made through the API, written by the
 * instance that served it (src/modules/audit). Newest first is the primary key read backwards.
 */
let AuditLogEntity = class AuditLogEntity {
    /** bigserial (pg returns bigint as text). */
    id;
    at;
    /** The API key's id (`k_` + 12 hex of its sha256), never the key; null when the API is open. */
    keyId;
    action;
    target;
    details;
    /** The job store entry this row was moved from (`store:<id>:<at>`), once PostgreSQL was back; null otherwise. */
    origin;
};
exports.AuditLogEntity = AuditLogEntity;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)({ type: 'bigint', primaryKeyConstraintName: 'PK_audit_log' }),
    __metadata("design:type", String)
], AuditLogEntity.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], AuditLogEntity.prototype, "at", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'key_id', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], AuditLogEntity.prototype, "keyId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], AuditLogEntity.prototype, "action", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], AuditLogEntity.prototype, "target", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'jsonb', nullable: true }),
    __metadata("design:type", Object)
], AuditLogEntity.prototype, "details", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], AuditLogEntity.prototype, "origin", void 0);
exports.AuditLogEntity = AuditLogEntity = __decorate([
    (0, typeorm_1.Entity)({ name: 'audit_log' }),
    (0, typeorm_1.Index)('audit_log_at_idx', ['at']),
    (0, typeorm_1.Index)('audit_log_origin_idx', ['origin'], { unique: true, where: '"origin" IS NOT NULL' })
], AuditLogEntity);
//# sourceMappingURL=audit-log.entity.js.map