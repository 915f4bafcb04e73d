/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints the top frames by self time, and self time
 * summed per file (node_modules collapsed to the package). No dependencies.
 *   node -r @swc-node/register bench/cpu-profile-top.ts <file.cpuprofile> [topN]
 */
import { readCpuProfile } from './cpu-profile';

function fileOf(url: string): string {
  if (url === '') return '(native/vm)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const src = url.search(/\/(src|bench|test)\//);
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}

function main(): void {
  const [file, topArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-top <file.cpuprofile> [topN]');
  const top = Number(topArg ?? 30);
  const profile = readCpuProfile(file);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const frames = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const key = `${functionName || '(anonymous)'} ${fileOf(url)}:${lineNumber + 1}`;
    frames.set(key, (frames.get(key) ?? 0) + us);
    files.set(fileOf(url), (files.get(fileOf(url)) ?? 0) + us);
  }
  const pct = (us: number): string => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const print = (title: string, map: Map<string, number>): void => {
    process.stdout.write(`\n${title} (total ${(total / 1e6).toFixed(2)} s)\n`);
    for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${pct(us)}  ${key}\n`);
  };
  print('self time by frame', frames);
  print('self time by file', files);
}

main();
