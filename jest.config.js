/** One config for unit specs (beside the code), the contract suite, e2e and fault tests. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  setupFiles: ['reflect-metadata'],
  // A test (or hook) that hangs fails after this instead of stalling the run; slow fault tests
  // pass their own, larger timeout.
  testTimeout: 60_000,
  // CI runners have 2 cores, where Jest's default (cores - 1) would run every suite in band in
  // one process: a handle leaked by one suite would then hold the whole run open. Two workers use
  // both cores and keep each suite's leftovers in a process Jest ends (and reports) at the end.
  maxWorkers: 2,
};
