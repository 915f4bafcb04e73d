/** This process's name in the history consumer groups: unique per start, readable in XINFO. */
export declare function historyConsumerName(): string;
