// Horizontal bar charts as inline SVG: no script, no network, readable when printed.
import { escapeHtml } from '../format.ts';

/**
 * What a bar's colour says, the same in every chart: the first version, a version better or worse than it
 * (the 95% interval of the change excludes zero), one with no detectable difference, or a quantity that is
 * not judged better or worse (first-choice share, tokens).
 */
export type Tone = 'baseline' | 'better' | 'worse' | 'same' | 'neutral';

export const TONE_COLOURS: Record<Tone, string> = { baseline: '#5b7db1', better: '#2e8b57', worse: '#c0392b', same: '#9e9e9e', neutral: '#8c7aa8' };

export const TONE_LEGEND =
  'Bar colours: blue, the first version; green, better than it and red, worse (the 95% interval of the change excludes zero); grey, no detectable difference; purple, not judged better or worse (first-choice share, tokens).';

export interface Bar {
  label: string;
  /** null when nothing was measured: the row shows '–' and no bar */
  value: number | null;
  tone: Tone;
  /** a 95% interval drawn as a whisker */
  low?: number;
  high?: number;
}

export interface BarChart {
  title: string;
  bars: Bar[];
  /** the axis end; values are drawn from 0 */
  max: number;
  format: (value: number) => string;
}

const LABEL_WIDTH = 190;
const PLOT_WIDTH = 360;
const VALUE_WIDTH = 90;
const ROW = 26;
const TOP = 28;

export function barChartSvg(chart: BarChart): string {
  const height = TOP + chart.bars.length * ROW + 8;
  const width = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH;
  const x = (v: number) => LABEL_WIDTH + (chart.max <= 0 ? 0 : (Math.max(0, Math.min(v, chart.max)) / chart.max) * PLOT_WIDTH);
  const rows = chart.bars.map((b, i) => {
    const y = TOP + i * ROW;
    const shown = b.value === null ? '–' : chart.format(b.value);
    const whisker =
      b.value === null || b.low === undefined || b.high === undefined
        ? ''
        : `<line class="ci" x1="${x(b.low)}" x2="${x(b.high)}" y1="${y + 10}" y2="${y + 10}"/><line class="ci" x1="${x(b.low)}" x2="${x(b.low)}" y1="${y + 4}" y2="${y + 16}"/><line class="ci" x1="${x(b.high)}" x2="${x(b.high)}" y1="${y + 4}" y2="${y + 16}"/>`;
    return (
      `<g class="bar"><title>${escapeHtml(`${b.label}: ${b.value === null ? 'not measured (no judged episode)' : shown}${whisker === '' ? '' : ` (95% CI ${chart.format(b.low!)} to ${chart.format(b.high!)})`}`)}</title>` +
      `<text x="${LABEL_WIDTH - 8}" y="${y + 14}" text-anchor="end">${escapeHtml(b.label)}</text>` +
      (b.value === null
        ? ''
        : `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${x(b.value) - LABEL_WIDTH}" height="${ROW - 8}" fill="${TONE_COLOURS[b.tone]}"/>`) +
      `${whisker}<text x="${LABEL_WIDTH + PLOT_WIDTH + 8}" y="${y + 14}">${escapeHtml(shown)}</text></g>`
    );
  });
  return (
    `<svg class="chart" role="img" aria-label="${escapeHtml(chart.title)}" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<text class="title" x="0" y="16">${escapeHtml(chart.title)}</text>` +
    `<line class="axis" x1="${LABEL_WIDTH}" x2="${LABEL_WIDTH}" y1="${TOP - 4}" y2="${height - 4}"/>${rows.join('')}</svg>`
  );
}
