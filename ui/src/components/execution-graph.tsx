import { seg } from '../api/client';
import type { ExecutionGraph, ExecutionGraphNode } from '../api/types';
import { useApi } from '../api/use-api';
import { href } from '../state/router';
import { Empty, LoadError, Loading, StatusBadge } from './common';

/** Graphs with more jobs than this are listed, not drawn: a drawing of thousands of boxes tells nobody anything. */
const MAX_DRAWN = 400;
const NODE_W = 120;
const NODE_H = 26;
const GAP_X = 40;
const GAP_Y = 14;

interface Placed {
  node: ExecutionGraphNode;
  name: string;
  layer: number;
  x: number;
  y: number;
}

/** Each job's layer: the longest path to it from a job without parents (parents always sit left of their children). */
function layout(nodes: ExecutionGraphNode[]): { placed: Placed[]; byName: Map<string, Placed>; width: number; height: number } {
  const byName = new Map<string, Placed>();
  const placed = nodes.map((node) => {
    const p: Placed = { node, name: node.key ?? node.id, layer: 0, x: 0, y: 0 };
    byName.set(p.name, p);
    return p;
  });
  // the API refuses cycles; nodes.length rounds bound the walk whatever it is sent
  for (let round = 0, changed = true; changed && round < nodes.length; round++) {
    changed = false;
    for (const p of placed) {
      for (const parent of p.node.dependsOn) {
        const from = byName.get(parent);
        if (from && from.layer + 1 > p.layer) {
          p.layer = from.layer + 1;
          changed = true;
        }
      }
    }
  }
  const rows: number[] = [];
  for (const p of placed) {
    const row = rows[p.layer] ?? 0;
    rows[p.layer] = row + 1;
    p.x = 10 + p.layer * (NODE_W + GAP_X);
    p.y = 10 + row * (NODE_H + GAP_Y);
  }
  return { placed, byName, width: 20 + rows.length * (NODE_W + GAP_X), height: 20 + Math.max(1, ...rows) * (NODE_H + GAP_Y) };
}

/** An execution's jobs drawn as their graph, colored by state, refreshed every 2 s (GET /executions/:id/graph). */
export function ExecutionGraphView({ id }: { id: string }) {
  const graph = useApi<ExecutionGraph>(`/executions/${seg(id)}/graph`, undefined, 2000);
  const g = graph.data;
  if (graph.error) return <LoadError error={graph.error} what="The graph" />;
  if (!g) return graph.loading ? <Loading /> : null;
  if (g.edges === 0) return <Empty>No job of this execution depends on another.</Empty>;
  if (g.nodes.length > MAX_DRAWN) {
    return (
      <Empty>
        {g.nodes.length} jobs and {g.edges} edges: too many to draw; the jobs are listed below.
      </Empty>
    );
  }
  const { placed, byName, width, height } = layout(g.nodes);
  const present = [...new Set(g.nodes.map((n) => n.status))];
  return (
    <>
      <p class="graph-legend" aria-label="states in the graph">
        {present.map((s) => (
          <StatusBadge key={s} status={s} />
        ))}
        <span class="muted">
          {g.nodes.length} jobs, {g.edges} edges
        </span>
      </p>
      <div class="graph-wrap">
        <svg width={width} height={height} role="group" aria-label={`graph of ${g.nodes.length} jobs`} data-testid="execution-graph">
          {placed.flatMap((p) =>
            p.node.dependsOn.map((parent) => {
              const from = byName.get(parent);
              if (!from) return null;
              const x1 = from.x + NODE_W;
              const y1 = from.y + NODE_H / 2;
              const x2 = p.x;
              const y2 = p.y + NODE_H / 2;
              return <path key={`${parent}>${p.name}`} class="graph-edge" d={`M${x1},${y1} C${x1 + GAP_X / 2},${y1} ${x2 - GAP_X / 2},${y2} ${x2},${y2}`} />;
            }),
          )}
          {placed.map((p) => (
            <a key={p.node.id} href={href('jobs', p.node.id)}>
              <g class={`graph-node st-${p.node.status}`} data-status={p.node.status} data-key={p.name}>
                <title>{`${p.name}: ${p.node.status}${p.node.lastError ? ` (${p.node.lastError})` : ''}`}</title>
                <rect x={p.x} y={p.y} width={NODE_W} height={NODE_H} rx={5} />
                <text x={p.x + 8} y={p.y + 17}>
                  {p.name.length > 17 ? `${p.name.slice(0, 16)}…` : p.name}
                </text>
              </g>
            </a>
          ))}
        </svg>
      </div>
    </>
  );
}
