"use strict";
/**
 * One pass over a JSON request body's bytes, before anything parses it: how deep it nests, and
 * how large each opaque value (a job's `payload`) is. A body that breaks a limit is refused from
 * this scan alone, so a 30 MB payload gets its 413 without being turned into 30 MB of objects,
 * and a body nested 100,000 deep its 400 without being walked. Linear in the body's size; strings
 * are skipped with Buffer.indexOf. It does not validate the JSON: JSON.parse does that after.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.scanJson = scanJson;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The first problem found, or undefined. */
function scanJson(buf, limits) {
    const frames = [];
    let whitespace = 0;
    // the opaque value being measured: where it started, the whitespace count then, its depth
    let opaqueStart = -1;
    let opaqueWhitespace = 0;
    let opaqueDepth = -1;
    const pathTo = (frameCount) => {
        const path = [];
        for (let f = 0; f < frameCount; f++) {
            const frame = frames[f];
            path.push(frame.array ? String(frame.index) : keyOf(buf, frame));
        }
        return path;
    };
    /** Called as a value starts at `at`: opens the opaque span when its key is an opaque name. */
    const valueStarts = (at) => {
        if (opaqueStart >= 0)
            return;
        const frame = frames[frames.length - 1];
        if (frame === undefined || frame.array || frame.keyEnd - frame.keyStart > 32)
            return;
        if (!limits.opaqueNames.has(keyOf(buf, frame)))
            return;
        opaqueStart = at;
        opaqueWhitespace = whitespace;
        opaqueDepth = frames.length;
    };
    /** Called as a value ends before `end`, at `depth` frames: closes the opaque span it started. */
    const valueEnds = (end, depth) => {
        if (opaqueStart < 0 || depth !== opaqueDepth)
            return undefined;
        const size = end - opaqueStart - (whitespace - opaqueWhitespace);
        opaqueStart = -1;
        if (size <= limits.maxOpaqueBytes)
            return undefined;
        return { kind: 'opaque-too-large', path: pathTo(depth), size };
    };
    const n = buf.length;
    let i = 0;
    while (i < n) {
        const c = buf[i];
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
            whitespace++;
            i++;
            continue;
        }
        const top = frames[frames.length - 1];
        if (c === QUOTE) {
            const end = stringEnd(buf, i);
            if (top !== undefined && !top.array && top.expectKey) {
                top.keyStart = i + 1;
                top.keyEnd = end - 1;
                top.expectKey = false;
            }
            else {
                valueStarts(i);
                const problem = valueEnds(end, frames.length);
                if (problem)
                    return problem;
            }
            i = end;
            continue;
        }
        if (c === 0x7b || c === 0x5b) {
            // { or [
            valueStarts(i);
            frames.push({ array: c === 0x5b, index: 0, keyStart: 0, keyEnd: 0, expectKey: c === 0x7b });
            if (frames.length > limits.maxDepth)
                return { kind: 'too-deep', path: pathTo(frames.length - 1) };
            i++;
            continue;
        }
        if (c === 0x7d || c === 0x5d) {
            // } or ]
            frames.pop();
            const problem = valueEnds(i + 1, frames.length);
            if (problem)
                return problem;
            i++;
            continue;
        }
        if (c === 0x2c) {
            // ,
            if (top?.array)
                top.index++;
            else if (top)
                top.expectKey = true;
            i++;
            continue;
        }
        if (c === 0x3a) {
            // :
            i++;
            continue;
        }
        // a number, true, false or null: up to the next delimiter
        let end = i + 1;
        while (end < n && !isDelimiter(buf[end]))
            end++;
        valueStarts(i);
        const problem = valueEnds(end, frames.length);
        if (problem)
            return problem;
        i = end;
    }
    return undefined;
}
/** The offset just past the closing quote of the string opening at `start` (or the end of input). */
function stringEnd(buf, start) {
    let at = start + 1;
    for (;;) {
        const quote = buf.indexOf(QUOTE, at);
        if (quote < 0)
            return buf.length;
        let backslashes = 0;
        for (let b = quote - 1; b > start && buf[b] === BACKSLASH; b--)
            backslashes++;
        if (backslashes % 2 === 0)
            return quote + 1;
        at = quote + 1;
    }
}
function isDelimiter(c) {
    return c === 0x2c || c === 0x7d || c === 0x5d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3a;
}
function keyOf(buf, frame) {
    const raw = buf.toString('utf8', frame.keyStart, frame.keyEnd);
    if (!raw.includes('\\'))
        return raw;
    try {
        return JSON.parse(`"${raw}"`);
    }
    catch {
        return raw;
    }
}
//# sourceMappingURL=json-scan.js.map