/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints the time spent in each function together
 * with everything it called (inclusive time), as a share of the profile, largest first; a
 * function that recurses counts once per sample. A filter (a regular expression over
 * "name file:line") narrows the list. What bench:http's "where the time goes" shares come from.
 *   node -r @swc-node/register bench/cpu-profile-inclusive.ts <file.cpuprofile> [filter] [topN]
 */
import { ProfileNode, readCpuProfile } from './cpu-profile';

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/.*node_modules\//, 'npm:').replace(/.*\/dist\//, 'dist/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber}`;
}

function main(): void {
  const [file, filter, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-inclusive.ts <file.cpuprofile> [filter] [topN]');
  const profile = readCpuProfile(file);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, time] of self) {
    total += time;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + time);
    }
  }
  const pattern = filter ? new RegExp(filter) : undefined;
  const rows = [...inclusive.entries()].filter(([name]) => !pattern || pattern.test(name)).sort((a, b) => b[1] - a[1]);
  for (const [name, time] of rows.slice(0, Number(top ?? 60))) {
    process.stdout.write(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}\n`);
  }
}

main();
