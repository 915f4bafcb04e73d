import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { QueueStats } from '../api/types';
import { num } from '../format';

const SUCCEEDED = '#1a7f37';
const FAILED = '#cf222e';

/** Jobs/s succeeded and failed over the stats window (90 steps of 10 s), as uPlot lines. */
export function ThroughputChart({ throughput, label }: { throughput: QueueStats['throughput']; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const data = toSeries(throughput);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height: 150,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] } },
        axes: [
          { stroke: '#57606a', grid: { stroke: '#eaeef2', width: 1 }, ticks: { show: false }, font: '11px system-ui, sans-serif', values: (_u, splits) => splits.map(clock) },
          { stroke: '#57606a', grid: { stroke: '#eaeef2', width: 1 }, ticks: { show: false }, size: 44, font: '11px system-ui, sans-serif', values: (_u, splits) => splits.map((v) => (v >= 1000 ? `${(v / 1000).toFixed(1)}k` : String(+v.toFixed(2)))) },
        ],
        series: [
          {},
          { label: 'succeeded/s', stroke: SUCCEEDED, fill: 'rgba(26,127,55,0.08)', width: 1.5, points: { show: false } },
          { label: 'failed/s', stroke: FAILED, fill: 'rgba(207,34,46,0.06)', width: 1.5, points: { show: false } },
        ],
      },
      data,
      el,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 200), height: 150 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, []);

  useEffect(() => {
    plot.current?.setData(data);
  });

  const total = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const ok = total(throughput.succeeded);
  const failed = total(throughput.failed);
  return (
    <figure class="chart">
      <div ref={box} class="chart-box" role="img" aria-label={`${label}: ${ok} succeeded and ${failed} failed in the last 15 minutes`} />
      <figcaption class="legend">
        <span class="key" style={{ background: SUCCEEDED }} aria-hidden="true" /> succeeded/s
        <span class="key" style={{ background: FAILED }} aria-hidden="true" /> failed/s
        <span class="muted">
          · last 15 min: {num(ok)} succeeded, {num(failed)} failed
        </span>
      </figcaption>
    </figure>
  );
}

/** 14:05 in the browser's zone: the window is 15 minutes, so the date would only add noise. */
function clock(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function toSeries(t: QueueStats['throughput']): uPlot.AlignedData {
  const from = Date.parse(t.from) / 1000;
  const step = t.stepMs / 1000;
  const xs = t.succeeded.map((_, i) => from + i * step);
  return [xs, t.succeeded.map((n) => n / step), t.failed.map((n) => n / step)];
}
