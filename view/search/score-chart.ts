// Score against metric calls as inline SVG: each candidate's val score when it joined the pool, the running
// best as a step line, and beside the plot the held-out scores (test, paraphrase) of the seed and the winner,
// on the same scale, so that a val gain the held-out splits do not share is seen at once.
import { TONE_COLOURS } from '../../experiments/index.ts';
import { html, type Html } from '../html.ts';

export interface ScorePoint {
  calls: number;
  score: number;
  label: string;
}

export interface HeldOutMark {
  label: string;
  score: number;
  who: 'seed' | 'winner';
}

const [LEFT, TOP, PLOT_W, PLOT_H, SIDE] = [44, 12, 520, 200, 190];
const TICKS = [0, 0.25, 0.5, 0.75, 1];

export function scoreChartSvg(points: readonly ScorePoint[], budget: number, heldOut: readonly HeldOutMark[]): Html {
  const maxCalls = Math.max(budget, ...points.map((p) => p.calls), 1);
  const x = (calls: number) => LEFT + (calls / maxCalls) * PLOT_W;
  const y = (score: number) => TOP + (1 - Math.max(0, Math.min(1, score))) * PLOT_H;
  const width = LEFT + PLOT_W + SIDE;
  const height = TOP + PLOT_H + 34;
  const grid = TICKS.map(
    (t) =>
      html`<line x1="${LEFT}" x2="${LEFT + PLOT_W}" y1="${y(t)}" y2="${y(t)}" stroke="#e4e4e4"/><text x="${LEFT - 6}" y="${y(t) + 4}" text-anchor="end" font-size="11">${t.toFixed(2)}</text>`,
  );
  const xTicks = [0, Math.round(maxCalls / 2), maxCalls].map(
    (c) => html`<text x="${x(c)}" y="${TOP + PLOT_H + 16}" text-anchor="middle" font-size="11">${c}</text>`,
  );
  const dots = points.map(
    (p) =>
      html`<circle cx="${x(p.calls)}" cy="${y(p.score)}" r="4" fill="${TONE_COLOURS.baseline}"><title>${p.label}: ${p.score.toFixed(3)} at ${p.calls} calls</title></circle>`,
  );
  const labelY = spacedLabels(heldOut.map((m) => y(m.score)));
  const marks = heldOut.map((m, i) => {
    const [mx, my] = [LEFT + PLOT_W + 24, y(m.score)];
    const colour = m.who === 'seed' ? TONE_COLOURS.neutral : TONE_COLOURS.better;
    return html`<g><title>${m.label}: ${m.score.toFixed(3)}</title><line x1="${mx}" x2="${mx + 22}" y1="${my}" y2="${my}" stroke="${colour}" stroke-width="3"/><text x="${mx + 28}" y="${labelY[i]! + 4}" font-size="11">${m.label} ${m.score.toFixed(2)}</text></g>`;
  });
  return html`<svg class="score-chart" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="val score against metric calls">${grid}${xTicks}<path d="${runningBestPath(points, maxCalls, x, y)}" fill="none" stroke="${TONE_COLOURS.better}" stroke-width="2"/>${dots}${marks}<text x="${LEFT + PLOT_W / 2}" y="${height - 4}" text-anchor="middle" font-size="11">metric calls (the running best in green)</text></svg>`;
}

/** The best score so far as a step line, from the first candidate to the last call. */
function runningBestPath(points: readonly ScorePoint[], maxCalls: number, x: (c: number) => number, y: (s: number) => number): string {
  const ordered = [...points].sort((a, b) => a.calls - b.calls);
  let best = -Infinity;
  const steps: string[] = [];
  for (const p of ordered) {
    if (p.score <= best) continue;
    steps.push(steps.length === 0 ? `M${x(p.calls)},${y(p.score)}` : `H${x(p.calls)} V${y(p.score)}`);
    best = p.score;
  }
  return steps.length === 0 ? '' : `${steps.join(' ')} H${x(maxCalls)}`;
}

/** Label heights at least a line apart, each as near its mark as that allows (marks of equal score would overlap). */
function spacedLabels(ys: readonly number[]): number[] {
  const order = ys.map((_, i) => i).sort((a, b) => ys[a]! - ys[b]!);
  const out = [...ys];
  let last = -Infinity;
  for (const i of order) {
    out[i] = Math.max(ys[i]!, last + 13);
    last = out[i]!;
  }
  return out;
}
