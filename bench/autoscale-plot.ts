/**
 * npm run bench:autoscale-plot: regenerates docs/img/autoscaling.png, the README's worked
 * autoscaling example, from the committed recording (bench/data/autoscale-curve.json) and the
 * ScaledObject that ships (bench/autoscale/replay-summary.ts runs the replay). The SVG
 * (bench/autoscale/plot-svg.ts) is rendered by Debian's chromium through playwright-core, as the
 * dashboard's tests launch it. Also writes the figures the README quotes
 * (bench/data/autoscale-figures.json), which a test holds to a fresh replay: a change to the
 * ScaledObject that ships fails it until this is run again. Prints the summary as one JSON line.
 *
 * Env: as bench:autoscale-replay, and AUTOSCALE_PNG (docs/img/autoscaling.png),
 * AUTOSCALE_FIGURES (bench/data/autoscale-figures.json).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../test/browser/support/chromium';
import { autoscalingSvg, PLOT_SIZE } from './autoscale/plot-svg';
import { committedFigures, FIGURES_PATH, runReplay } from './autoscale/replay-summary';

const PNG = process.env.AUTOSCALE_PNG ?? join(__dirname, '..', 'docs', 'img', 'autoscaling.png');
const FIGURES = process.env.AUTOSCALE_FIGURES ?? FIGURES_PATH;

async function main(): Promise<void> {
  const replay = runReplay();
  const svg = autoscalingSvg(replay);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setViewportSize(PLOT_SIZE);
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    await page.screenshot({ path: PNG, clip: { x: 0, y: 0, ...PLOT_SIZE } });
  } finally {
    await browser.close();
  }
  writeFileSync(FIGURES, `${JSON.stringify(committedFigures(replay), null, 2)}\n`);
  process.stderr.write(`wrote ${PNG} and ${FIGURES} (ScaledObject from ${replay.config.source})\n`);
  process.stdout.write(`${JSON.stringify({ bench: 'autoscale-plot', source: replay.config.source, ...replay.summary })}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
