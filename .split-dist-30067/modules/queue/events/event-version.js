"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.eventVersion = eventVersion;
exports.streamEventVersion = streamEventVersion;
/**
 * Event positions as one comparable integer: a Redis stream id `<ms>-<seq>` plus the event's index
 * inside its entry (one script call writes one entry holding all its events).
 *   version = ms * 10^13 + seq * 10^6 + index
 * seq stays far below 10^7 (entries per millisecond) and index below 10^6 (events per script
 * call, which batch limits bound), so positions keep stream order. It fits numeric(32,0).
 */
const SEQ_FACTOR = 10n ** 6n;
const MS_FACTOR = 10n ** 13n;
function eventVersion(ms, seq, index) {
    return BigInt(ms) * MS_FACTOR + BigInt(seq) * SEQ_FACTOR + BigInt(index);
}
/** The position of event `index` of stream entry `id` ("1700000000000-3"). */
function streamEventVersion(id, index) {
    const dash = id.indexOf('-');
    if (dash <= 0)
        throw new Error(`not a stream id: ${id}`);
    return eventVersion(BigInt(id.slice(0, dash)), BigInt(id.slice(dash + 1)), index);
}
//# sourceMappingURL=event-version.js.map