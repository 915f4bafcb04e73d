import { defineConfig } from 'vitest/config';

/**
 * One config for unit specs (beside the code), the contract suite, e2e and fault tests. Vitest
 * loads NestJS 12's ESM-only packages as they are and compiles the TypeScript with oxc, which
 * honours `experimentalDecorators` and `emitDecoratorMetadata` from tsconfig.json (Nest's
 * dependency injection reads that metadata).
 */
export default defineConfig({
  test: {
    globals: true,
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts', 'clients/typescript/test/**/*.spec.ts'],
    setupFiles: ['reflect-metadata'],
    // A test (or hook) that hangs fails after this instead of stalling the run; slow fault tests
    // pass their own, larger timeout.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each test file in a child process of its own, two at a time on the 2-core CI machines: a
    // handle leaked by one file stays in a process Vitest ends, and fault tests that send
    // signals never share a process with another file.
    pool: 'forks',
    maxWorkers: 2,
  },
});
