import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The module a file of src/ belongs to (src/modules/<name>/...), or undefined. */
function moduleOf(path: string): string | undefined {
  const parts = relative(SRC, path).split('/');
  return parts[0] === 'modules' && parts.length > 2 ? parts[1] : undefined;
}

/** `from './x'`, `import './x'`, `import('./x')`, `require('./x')`, in either quotes. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.[^'"]+)['"]/g;

/**
 * Each module under src/modules has one public entry, its index.ts: what another module (or the
 * package's entry, src/index.ts) may use of it. A file that reaches into another module's files
 * couples the two where nobody looks; this fails naming each such import.
 */
describe('module boundaries', () => {
  it('no file imports another module except through its index', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const own = moduleOf(file);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = resolve(dirname(file), spec);
        const other = moduleOf(join(target, 'x'));
        if (other === undefined || other === own) continue;
        if (target !== join(SRC, 'modules', other)) crossings.push(`${relative(SRC, file)} -> ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('every module has an index.ts', () => {
    const modules = readdirSync(join(SRC, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory());
    const missing = modules.filter((m) => !readdirSync(join(SRC, 'modules', m.name)).includes('index.ts')).map((m) => m.name);
    expect(missing).toEqual([]);
  });
});
