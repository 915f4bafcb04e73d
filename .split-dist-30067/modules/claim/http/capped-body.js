"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readCappedBody = readCappedBody;
/** Reads at most limit bytes of a response body as UTF-8 and cancels the rest. */
async function readCappedBody(response, limit) {
    if (!response.body)
        return { text: '', truncated: false };
    const reader = response.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
        if (size + value.byteLength > limit) {
            chunks.push(value.subarray(0, limit - size));
            await reader.cancel().catch(() => undefined);
            return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
        }
        chunks.push(value);
        size += value.byteLength;
    }
}
//# sourceMappingURL=capped-body.js.map