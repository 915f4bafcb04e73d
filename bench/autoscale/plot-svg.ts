import { Replay } from './replay-summary';
import { describeTrigger } from './scaled-object';

/**
 * The worked example's figure as an SVG: pending jobs, the oldest pending job's age and worker
 * replicas over the recording's time, then the replicas over the whole replay (the scale-down
 * outlasts the recording); the burst shaded, the time after the recording marked.
 * Hand-written: three line panels do not need a charting library, and the SVG renders the same
 * in any browser (bench/autoscale-plot.ts turns it into the README's PNG).
 */

const WIDTH = 1200;
const PANEL_HEIGHT = 190;
const PANELS = 4;
const GAP = 62;
const TOP = 160;
const LEFT = 84;
const RIGHT = 24;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;

const COLORS = {
  recorded: '#8a8a8a',
  closed: '#1f5fbf',
  ready: '#7fb0f0',
  open: '#d9730d',
  burst: '#fde2e1',
  after: '#f1f1f1',
  grid: '#e4e4e4',
  text: '#222222',
};

export const PLOT_SIZE = { width: WIDTH, height: TOP + PANELS * PANEL_HEIGHT + PANELS * GAP + 10 };

interface Line {
  label: string;
  color: string;
  points: Array<[number, number]>;
  dash?: string;
  width?: number;
  /** draw as steps (the value holds until the next point) */
  step?: boolean;
}

interface Panel {
  title: string;
  /** The panel's time axis runs from 0 to this. */
  endS: number;
  unit: string;
  lines: Line[];
  integer?: boolean;
  /** false: the panel above has the same lines and shows their legend */
  legend?: boolean;
}

function niceStep(max: number, targetTicks: number): number {
  const raw = max / targetTicks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const steps = [1, 2, 2.5, 5, 10].map((m) => m * magnitude);
  return steps.find((s) => s >= raw) ?? 10 * magnitude;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function fmt(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(0)}k` : String(Number(value.toFixed(1)));
}

function path(line: Line, x: (t: number) => number, y: (v: number) => number): string {
  const d: string[] = [];
  line.points.forEach(([t, v], i) => {
    if (i === 0) d.push(`M${x(t).toFixed(1)},${y(v).toFixed(1)}`);
    else if (line.step) d.push(`H${x(t).toFixed(1)}V${y(v).toFixed(1)}`);
    else d.push(`L${x(t).toFixed(1)},${y(v).toFixed(1)}`);
  });
  return `<path d="${d.join('')}" fill="none" stroke="${line.color}" stroke-width="${line.width ?? 2}"${line.dash ? ` stroke-dasharray="${line.dash}"` : ''} stroke-linejoin="round"/>`;
}

/** The line's points up to endS; a step line holds its last value to endS. */
function clip(line: Line, endS: number): Line {
  const points = line.points.filter(([t]) => t <= endS);
  const last = points[points.length - 1];
  if (line.step && last && last[0] < endS && line.points.length > points.length) points.push([endS, last[1]]);
  return { ...line, points };
}

export function autoscalingSvg(replay: Replay): string {
  const { curve, config, params, summary } = replay;
  const recordEnd = curve.samples[curve.samples.length - 1].t;
  const endS = Math.max(recordEnd, ...[replay.openLoop, replay.closedLoop].map((r) => r.points[r.points.length - 1].t));
  const recorded = (key: 'pending' | 'oldestPendingAgeS'): Array<[number, number]> => [[0, 0], ...curve.samples.map((s): [number, number] => [s.t, s[key]])];
  const series = (run: typeof replay.closedLoop, key: 'pending' | 'oldestPendingAgeS' | 'specReplicas' | 'readyReplicas'): Array<[number, number]> =>
    run.points.map((p): [number, number] => [p.t, p[key]]);
  const workers = curve.setup.workers;

  const replicaLines: Line[] = [
    { label: `recording's pool`, color: COLORS.recorded, points: [[0, workers], [recordEnd, workers]], step: true },
    { label: 'open loop: asked for on the recorded backlog', color: COLORS.open, points: series(replay.openLoop, 'specReplicas'), step: true, dash: '6 4' },
    { label: 'closed loop: set', color: COLORS.closed, points: series(replay.closedLoop, 'specReplicas'), step: true, width: 2.5 },
    { label: `closed loop: ready (pods start in ${params.podStartS} s)`, color: COLORS.ready, points: series(replay.closedLoop, 'readyReplicas'), step: true, dash: '3 3' },
  ];
  const panels: Panel[] = [
    {
      title: 'Pending jobs',
      endS: recordEnd,
      unit: 'jobs',
      lines: [
        { label: `recorded, fixed pool of ${workers} workers`, color: COLORS.recorded, points: recorded('pending') },
        { label: 'replayed, autoscaled (closed loop)', color: COLORS.closed, points: series(replay.closedLoop, 'pending'), width: 2.5 },
      ],
    },
    {
      title: 'Oldest pending job age',
      endS: recordEnd,
      unit: 's',
      lines: [
        { label: `recorded, fixed pool of ${workers} workers`, color: COLORS.recorded, points: recorded('oldestPendingAgeS') },
        { label: 'replayed, autoscaled (closed loop)', color: COLORS.closed, points: series(replay.closedLoop, 'oldestPendingAgeS'), width: 2.5 },
      ],
    },
    {
      title: 'Worker replicas',
      endS: recordEnd,
      unit: 'replicas',
      integer: true,
      lines: replicaLines,
    },
    {
      title: 'Worker replicas, the whole replay',
      endS,
      legend: false,
      unit: 'replicas',
      integer: true,
      lines: replicaLines,
    },
  ];

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${PLOT_SIZE.width}" height="${PLOT_SIZE.height}" viewBox="0 0 ${PLOT_SIZE.width} ${PLOT_SIZE.height}" font-family="DejaVu Sans, Arial, sans-serif" fill="${COLORS.text}">`);
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  const triggers = config.triggers.map(describeTrigger).join('; ');
  const setup = curve.setup;
  const windows = config.behavior
    ? `stabilization up ${config.behavior.scaleUp.stabilizationWindowSeconds} s, down ${config.behavior.scaleDown.stabilizationWindowSeconds} s`
    : 'HPA default behavior';
  const header = [
    `ScaledObject ${config.source}`,
    `Triggers: ${triggers}; replicas ${config.minReplicaCount}-${config.maxReplicaCount}; pollingInterval ${config.pollingIntervalS} s; ${windows}`,
    `Replay: HPA sync ${params.hpaSyncS} s, Prometheus scrape ${params.scrapeS} s, pod start ${params.podStartS} s, ${params.perReplicaJobsPerS} jobs/s per replica (measured in the recording)`,
    `Recorded: ${setup.baseRatePerS}, then ${setup.baseRatePerS * setup.burstFactor} for ${setup.burstS} s, then ${setup.baseRatePerS} jobs/s of ${setup.jobMs} ms sleep jobs on ${setup.workers} workers x ${setup.slotsPerWorker} slots; ${curve.machine}`,
  ];
  out.push(`<text x="${LEFT}" y="30" font-size="20" font-weight="bold">${esc(`A ${setup.burstFactor}x burst and the worker count: KEDA + HPA replayed on a recorded claimq run`)}</text>`);
  header.forEach((line, i) => out.push(`<text x="${LEFT}" y="${54 + i * 18}" font-size="13">${esc(line)}</text>`));

  panels.forEach((panel, index) => {
    const top = TOP + index * (PANEL_HEIGHT + GAP);
    const bottom = top + PANEL_HEIGHT;
    const x = (t: number): number => LEFT + (t / panel.endS) * PLOT_WIDTH;
    const lines = panel.lines.map((line) => clip(line, panel.endS));
    const maxValue = Math.max(1, ...lines.flatMap((l) => l.points.map(([, v]) => v)));
    const step = panel.integer ? Math.max(1, Math.ceil(niceStep(maxValue, 5))) : niceStep(maxValue, 5);
    const yMax = Math.ceil((maxValue * 1.08) / step) * step;
    const y = (v: number): number => bottom - (v / yMax) * PANEL_HEIGHT;
    // the burst, and the time after the recording
    out.push(`<rect x="${x(summary.burstStartS)}" y="${top}" width="${x(summary.burstEndS) - x(summary.burstStartS)}" height="${PANEL_HEIGHT}" fill="${COLORS.burst}"/>`);
    if (panel.endS > recordEnd) out.push(`<rect x="${x(recordEnd)}" y="${top}" width="${x(panel.endS) - x(recordEnd)}" height="${PANEL_HEIGHT}" fill="${COLORS.after}"/>`);
    for (let v = 0; v <= yMax + 1e-9; v += step) {
      out.push(`<line x1="${LEFT}" x2="${LEFT + PLOT_WIDTH}" y1="${y(v)}" y2="${y(v)}" stroke="${COLORS.grid}"/>`);
      out.push(`<text x="${LEFT - 8}" y="${y(v) + 4}" font-size="12" text-anchor="end">${fmt(v)}</text>`);
    }
    for (let t = 0; t <= panel.endS; t += panel.endS > 900 ? 120 : 30) {
      out.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${bottom}" y2="${bottom + 5}" stroke="${COLORS.text}"/>`);
      out.push(`<text x="${x(t)}" y="${bottom + 19}" font-size="12" text-anchor="middle">${t}</text>`);
    }
    out.push(`<rect x="${LEFT}" y="${top}" width="${PLOT_WIDTH}" height="${PANEL_HEIGHT}" fill="none" stroke="#999"/>`);
    out.push(`<text x="${LEFT}" y="${top - 10}" font-size="15" font-weight="bold">${esc(panel.title)}</text>`);
    out.push(`<text x="${LEFT - 60}" y="${top + PANEL_HEIGHT / 2}" font-size="12" text-anchor="middle" transform="rotate(-90 ${LEFT - 60} ${top + PANEL_HEIGHT / 2})">${esc(panel.unit)}</text>`);
    if (index === 0 || panel.endS > recordEnd) {
      out.push(`<text x="${(x(summary.burstStartS) + x(summary.burstEndS)) / 2}" y="${top + 16}" font-size="12" text-anchor="middle" fill="#b42318">${curve.setup.burstFactor}x burst</text>`);
    }
    if (panel.endS > recordEnd) out.push(`<text x="${(x(recordEnd) + x(panel.endS)) / 2}" y="${top + 16}" font-size="12" text-anchor="middle" fill="#555">after the recording: base rate continued (replay only)</text>`);
    for (const line of lines) out.push(path(line, x, y));
    // the legend on the title's row, right-aligned, clear of the data
    let legendRight = LEFT + PLOT_WIDTH;
    for (const line of panel.legend === false ? [] : [...panel.lines].reverse()) {
      const textWidth = line.label.length * 6.2;
      out.push(`<text x="${legendRight}" y="${top - 10}" font-size="12" text-anchor="end">${esc(line.label)}</text>`);
      const swatchEnd = legendRight - textWidth - 6;
      out.push(`<line x1="${swatchEnd - 24}" x2="${swatchEnd}" y1="${top - 14}" y2="${top - 14}" stroke="${line.color}" stroke-width="${line.width ?? 2}"${line.dash ? ` stroke-dasharray="${line.dash}"` : ''}/>`);
      legendRight = swatchEnd - 24 - 18;
    }
  });
  const axisY = TOP + PANELS * PANEL_HEIGHT + (PANELS - 1) * GAP + 40;
  out.push(`<text x="${LEFT + PLOT_WIDTH / 2}" y="${axisY}" font-size="13" text-anchor="middle">seconds since the load started</text>`);
  out.push('</svg>');
  return out.join('\n');
}
