export declare function eventVersion(ms: bigint | number, seq: bigint | number, index: number): bigint;
/** The position of event `index` of stream entry `id` ("1700000000000-3"). */
export declare function streamEventVersion(id: string, index: number): bigint;
