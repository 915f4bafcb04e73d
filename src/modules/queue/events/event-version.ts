/**
 * Event positions as one comparable integer: a Redis stream id `<ms>-<seq>` plus the event's index
 * inside its entry (one script call writes one entry holding all its events).
 *   version = ms * 10^13 + seq * 10^6 + index
 * seq stays far below 10^7 (entries per millisecond) and index below 10^6 (events per script
 * call, which batch limits bound), so positions keep stream order. It fits numeric(32,0).
 */
const SEQ_FACTOR = 10n ** 6n;
const MS_FACTOR = 10n ** 13n;

export function eventVersion(ms: bigint | number, seq: bigint | number, index: number): bigint {
  return BigInt(ms) * MS_FACTOR + BigInt(seq) * SEQ_FACTOR + BigInt(index);
}

/** The position of event `index` of stream entry `id` ("1700000000000-3"). */
export function streamEventVersion(id: string, index: number): bigint {
  const dash = id.indexOf('-');
  if (dash <= 0) throw new Error(`not a stream id: ${id}`);
  return eventVersion(BigInt(id.slice(0, dash)), BigInt(id.slice(dash + 1)), index);
}
