/**
 * For tools that load TypeScript directly (typeorm-ts-node-commonjs -d ormconfig.ts). The npm
 * scripts use the compiled twin, dist/modules/history/data-source.js, since the build only
 * compiles src/.
 */
export { default } from './src/modules/history/data-source';
