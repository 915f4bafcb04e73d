/** How the dashboard writes times, durations and numbers. */

const numberFormat = new Intl.NumberFormat('en-US');

export function num(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : numberFormat.format(n);
}

/** 850 ms, 12.3 s, 4 min 10 s, 2 h 5 min, 3 d 4 h */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return Math.round(s % 60) ? `${m} min ${Math.round(s % 60)} s` : `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  return h % 24 ? `${Math.floor(h / 24)} d ${h % 24} h` : `${Math.floor(h / 24)} d`;
}

/** 2030-01-01 12:00:03 in the browser's zone */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "12 s ago", "in 4 min" */
export function relative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const diff = t - now;
  if (Math.abs(diff) < 1000) return 'now';
  return diff < 0 ? `${duration(-diff)} ago` : `in ${duration(diff)}`;
}

export function shortId(id: string): string {
  return id.length > 22 ? `…${id.slice(-12)}` : id;
}
