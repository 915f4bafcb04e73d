import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt } from '../support/processes';

const DASHBOARD = join(__dirname, '..', '..', 'dist', 'ui');
/** The budget for the first load: index.html and every file it references, gzipped. */
const FIRST_LOAD_BUDGET = 200 * 1024;

/** The local files index.html loads: scripts, stylesheets, module preloads (not the data: icon). */
function referencedFiles(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  return refs.filter((ref) => !/^(data:|https?:)/.test(ref)).map((ref) => ref.replace(/^\.?\//, ''));
}

describe('the built dashboard', () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it('loads at most 200 KB gzipped on first load (index.html and the files it references)', () => {
    const html = readFileSync(join(DASHBOARD, 'index.html'));
    const files = referencedFiles(html.toString());
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    const sizes = files.map((f) => gzipSync(readFileSync(join(DASHBOARD, f))).length);
    const total = gzipSync(html).length + sizes.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it('references only files of its own, by relative URL (no CDN, works behind a path prefix)', () => {
    const html = readFileSync(join(DASHBOARD, 'index.html')).toString();
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const f of referencedFiles(html)) expect(f).toMatch(/^assets\/[\w.-]+-[\w-]{8,}\.(js|css)$/);
  });
});
