// Number and text formatting shared by the review and experiment reports.
import type { Proportion } from '../src/index.ts';

/** cli-table3 colours only on a terminal, and never under NO_COLOR: a pipe or a log gets plain text. */
export function tableStyle(stream: NodeJS.WriteStream = process.stdout): { head?: string[]; border?: string[] } {
  return stream.isTTY && !process.env.NO_COLOR ? {} : { head: [], border: [] };
}

export const percent = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;

/** A change in a rate, in percentage points with its sign ("+4.5 pts"). */
export const points = (delta: number) => `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta * 100).toFixed(1)} pts`;

/** "72.7% [51.8%, 86.8%]" (the bounds to `digits` decimals), or '–' when no episode was judged: nothing was measured. */
export const interval = (p: Proportion, digits = 1) => (p.rate === null ? '–' : `${percent(p.rate)} [${percent(p.low, digits)}, ${percent(p.high, digits)}]`);
/** "+22.7 pts [−5.7 pts, +46.6 pts]": a change in a rate with its 95% interval. */
export const changeWithInterval = (d: { delta: number; low: number; high: number }) => `${points(d.delta)} [${points(d.low)}, ${points(d.high)}]`;
/** A proportion's rate, or '–' when no episode was judged. */
export const share = (p: Proportion) => (p.rate === null ? '–' : percent(p.rate));

export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Text for a Markdown table cell: pipes escaped, line breaks as spaces. */
export function mdCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
