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
exports.EnvironmentVariables = void 0;
exports.validateEnvironment = validateEnvironment;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const toInt = ({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const toBool = ({ value }) => {
    if (typeof value !== 'string')
        return value;
    const v = value.trim().toLowerCase();
    return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : value;
};
/**
 * Every environment variable claimq reads, with its default. Validated once at start; a bad value
 * stops the process with the variable's name and the reason. Nothing else reads process.env.
 */
class EnvironmentVariables {
    PORT = 3000;
    HOST = '0.0.0.0';
    MODE = 'all';
    JOB_STORE = 'memory';
    REDIS_URL = 'redis://127.0.0.1:6379';
    REDIS_PREFIX = 'claimq';
    LEASE_MS = 300_000;
    HEARTBEAT_MS = 60_000;
    REAPER_INTERVAL_MS = 15_000;
    /** Most records one reaper script touches in one call (Redis blocks while a script runs). */
    REAPER_BATCH = 1000;
    WORKER_DEAD_MS;
    /**
     * How long past its timeoutMs a job may keep its lease while its worker still heartbeats: at
     * startedAt + timeoutMs + this grace the lease stops being renewed and the reaper ends the attempt.
     */
    HARD_TIMEOUT_GRACE_MS = 60_000;
    /** Jobs a worker process runs at once per queue (each queue of QUEUES has its own slots). */
    WORKER_CONCURRENCY = 50;
    QUEUES = 'default';
    MAX_PAYLOAD_BYTES = 512 * 1024;
    /** Limit of a whole JSON request body (express json parser); larger bodies get 413. */
    MAX_BODY_BYTES = 32 * 1024 * 1024;
    SUCCEEDED_RETENTION_MS = 24 * 3600 * 1000;
    FAILED_RETENTION_MS = 7 * 24 * 3600 * 1000;
    SHUTDOWN_GRACE_MS = 30_000;
    HTTP_JOB_ALLOWED_HOSTS;
    /** PostgreSQL for job history (postgres://user:pass@host:5432/db?sslmode=...). Unset: no history, nothing connects. */
    DATABASE_URL = undefined;
    /** Run the history schema migrations at start (one instance at a time, under an advisory lock). */
    DB_MIGRATE = false;
    /** Most job events the history writer puts in one batch (one statement per table). */
    HISTORY_BATCH = 500;
    /** How often each instance claims a batch of dirty executions and refreshes their status. */
    REFRESH_INTERVAL_MS = 1000;
    /** Most dirty executions one refresh claims (one script, one database statement). */
    REFRESH_BATCH = 500;
    /** A refresh in flight longer than this is returned to the refresh set (its instance died). */
    REFRESH_STALE_MS = 60_000;
    LOG_LEVEL = 'info';
    /**
     * Comma-separated API keys. When set, every route but /health/* and /metrics needs
     * `Authorization: Bearer <one of them>`. Keys are at least 16 printable characters, no spaces.
     */
    API_KEYS = undefined;
}
exports.EnvironmentVariables = EnvironmentVariables;
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(65535),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "PORT", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HOST", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['all', 'api', 'worker']),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "MODE", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['memory', 'redis']),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "JOB_STORE", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis:// or rediss://' }),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REDIS_URL", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^[A-Za-z0-9_.-]{1,50}$/, { message: 'REDIS_PREFIX must match [A-Za-z0-9_.-]{1,50}' }),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REDIS_PREFIX", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "LEASE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HEARTBEAT_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REAPER_INTERVAL_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(100_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REAPER_BATCH", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    __metadata("design:type", Number)
], EnvironmentVariables.prototype, "WORKER_DEAD_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HARD_TIMEOUT_GRACE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(10_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "WORKER_CONCURRENCY", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^[A-Za-z0-9_.:-]{1,100}(,[A-Za-z0-9_.:-]{1,100})*$/, {
        message: 'QUEUES must be a comma-separated list of names matching [A-Za-z0-9_.:-]{1,100}',
    }),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "QUEUES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(64 * 1024 * 1024),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "MAX_PAYLOAD_BYTES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1024),
    (0, class_validator_1.Max)(1024 * 1024 * 1024),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "MAX_BODY_BYTES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SUCCEEDED_RETENTION_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "FAILED_RETENTION_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SHUTDOWN_GRACE_MS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "HTTP_JOB_ALLOWED_HOSTS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres:// or postgresql://' }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "DATABASE_URL", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toBool),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "DB_MIGRATE", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(10_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HISTORY_BATCH", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(10),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REFRESH_INTERVAL_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(10_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REFRESH_BATCH", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REFRESH_STALE_MS", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "LOG_LEVEL", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(/^\s*[!-+\--~]{16,}\s*(,\s*[!-+\--~]{16,}\s*)*$/, {
        message: 'API_KEYS must be a comma-separated list of keys of at least 16 printable characters without spaces or commas',
    }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "API_KEYS", void 0);
function validateEnvironment(raw) {
    const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
    const env = (0, class_transformer_1.plainToInstance)(EnvironmentVariables, present, { exposeDefaultValues: true });
    const errors = (0, class_validator_1.validateSync)(env, { skipMissingProperties: false, whitelist: false });
    if (errors.length > 0) {
        const lines = errors.map((e) => {
            const reasons = Object.values(e.constraints ?? {}).join('; ');
            return `${e.property}=${JSON.stringify(raw[e.property])}: ${reasons}`;
        });
        throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
    }
    return env;
}
//# sourceMappingURL=environment.js.map