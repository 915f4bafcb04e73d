/**
 * claimq's own version, from its package.json: two levels up from this file, both in src/common
 * and in dist/common (the build mirrors src), and in an installed package. 'unknown' when it
 * cannot be read. Read once.
 */
export declare function claimqVersion(): string;
