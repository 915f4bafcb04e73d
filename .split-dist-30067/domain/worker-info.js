"use strict";
/**
 * What the worker registry shows about worker processes (GET /workers): the info each process
 * publishes with every heartbeat, and the record the reaper keeps of a worker it declared dead.
 * Plain TypeScript, shared by the stores, the worker runtime, the reaper and the API.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.LIVE_WORKERS_LISTED = exports.DEAD_WORKER_JOB_IDS = exports.DEAD_WORKERS_KEPT = void 0;
exports.hostAndPidOf = hostAndPidOf;
exports.encodeWorkerInfo = encodeWorkerInfo;
exports.decodeWorkerInfo = decodeWorkerInfo;
exports.encodeDeadWorker = encodeDeadWorker;
exports.decodeDeadWorker = decodeDeadWorker;
/** The dead workers kept, newest first. */
exports.DEAD_WORKERS_KEPT = 100;
/** Job ids one dead-worker record keeps. */
exports.DEAD_WORKER_JOB_IDS = 50;
/** The most live workers one listing returns (the freshest beats). */
exports.LIVE_WORKERS_LISTED = 1_000;
/** Worker ids are `${hostname}-${pid}-${8 hex}` (worker-identity.ts); a host may hold '-'. */
const WORKER_ID_SHAPE = /^(.+)-(\d+)-[0-9a-f]{8}$/;
/** Host and pid read back from a worker id of the standard shape, or nulls (an embedding app's own id). */
function hostAndPidOf(workerId) {
    const match = WORKER_ID_SHAPE.exec(workerId);
    if (!match)
        return { host: null, pid: null };
    const pid = Number(match[2]);
    return { host: match[1], pid: Number.isSafeInteger(pid) ? pid : null };
}
/** The stored form of a worker's info (the id is the key it is stored under). */
function encodeWorkerInfo(info) {
    const { id: _id, ...rest } = info;
    return JSON.stringify(rest);
}
/** A stored info back, or null when it is not one (damaged, or written by another version). */
function decodeWorkerInfo(id, text) {
    if (typeof text !== 'string')
        return null;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return null;
    }
    if (!isObject(value))
        return null;
    const { host, pid, version, startedAt, queues, slots, leasesHeld } = value;
    if (typeof host !== 'string' || !isCount(pid) || typeof version !== 'string' || !isCount(startedAt) || !isCount(leasesHeld))
        return null;
    if (!Array.isArray(queues) || !queues.every((q) => typeof q === 'string'))
        return null;
    if (!isObject(slots) || !isCount(slots.busy) || !isCount(slots.total))
        return null;
    return { id, host, pid, version, startedAt, queues, slots: { busy: slots.busy, total: slots.total }, leasesHeld };
}
function encodeDeadWorker(record) {
    return JSON.stringify(record);
}
/** A stored dead-worker record back, or null when it is not one. */
function decodeDeadWorker(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return null;
    }
    if (!isObject(value))
        return null;
    const { id, host, pid, queue, declaredDeadAt, lastHeartbeatAt, requeued, failed, cancelled, jobIds } = value;
    if (typeof id !== 'string' || typeof queue !== 'string' || !isCount(declaredDeadAt))
        return null;
    if (!(host === null || typeof host === 'string') || !(pid === null || isCount(pid)) || !(lastHeartbeatAt === null || isCount(lastHeartbeatAt)))
        return null;
    if (!isCount(requeued) || !isCount(failed) || !isCount(cancelled))
        return null;
    if (!Array.isArray(jobIds) || !jobIds.every((j) => typeof j === 'string'))
        return null;
    return { id, host, pid, queue, declaredDeadAt, lastHeartbeatAt, requeued, failed, cancelled, jobIds };
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isCount(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
//# sourceMappingURL=worker-info.js.map