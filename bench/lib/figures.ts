// What every benchmark reports: figures with their goals, printed as measured and saved to results.json.
import type { Spread } from './stats.ts';

export interface Goal {
  op: '<=' | '>=' | '<';
  target: number;
}

export interface Figure {
  /** stable key in results.json, e.g. "instrumentation.stdio.ratio" */
  id: string;
  label: string;
  /** null when the figure could not be measured (the note says why) */
  value: number | null;
  unit: string;
  spread?: Spread;
  goal?: Goal;
  /** whether the value meets the goal; absent when there is no goal or no value */
  met?: boolean;
  note?: string;
}

export interface Section {
  id: string;
  title: string;
  figures: Figure[];
  /** what was measured and how, and what bounds a missed goal */
  notes: string[];
  seconds: number;
  /** machine load while the section ran */
  load: { before: LoadSample; after: LoadSample };
}

export interface LoadSample {
  loadavg1: number;
  /** share of the last 10 s in which some runnable task waited for a CPU (Linux PSI), if available */
  cpuPressureSome10: number | null;
}

export function meets(value: number, goal: Goal): boolean {
  if (goal.op === '<=') return value <= goal.target;
  if (goal.op === '<') return value < goal.target;
  return value >= goal.target;
}

export function figure(f: Omit<Figure, 'met'>): Figure {
  return f.goal === undefined || f.value === null ? f : { ...f, met: meets(f.value, f.goal) };
}

/** How far a missed figure is from its goal, relative to the goal (e.g. "missed by 23%"). */
export function missedBy(f: Figure): number | undefined {
  if (f.met !== false || f.value === null || f.goal === undefined) return undefined;
  return Math.abs(f.value - f.goal.target) / Math.abs(f.goal.target);
}

export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

export function formatFigure(f: Figure): string {
  const unit = f.unit === '' ? '' : ` ${f.unit}`;
  const value = f.value === null ? 'not measured' : `${formatNumber(f.value)}${unit}`;
  const s = f.spread;
  const spreadText =
    s === undefined ? '' : `  [p25 ${formatNumber(s.p25)}, p75 ${formatNumber(s.p75)}, min ${formatNumber(s.min)}, max ${formatNumber(s.max)}, n ${s.n}]`;
  let verdict = '';
  if (f.goal !== undefined) {
    const goal = `goal ${f.goal.op} ${formatNumber(f.goal.target)}${unit}`;
    const missed = missedBy(f);
    verdict = f.met === undefined ? `  (${goal})` : f.met ? `  (${goal}: met)` : `  (${goal}: MISSED by ${(missed! * 100).toFixed(0)}%)`;
  }
  const note = f.note === undefined ? '' : `\n      ${f.note}`;
  return `  ${f.label}: ${value}${verdict}${spreadText}${note}`;
}
