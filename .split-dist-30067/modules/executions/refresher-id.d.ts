/** Names this process's in-flight refreshes: `${hostname}-${pid}-${random}`, never a space. */
export declare function newRefresherId(): string;
