// One benchmark section as a script: `node --import tsx bench/<name>.ts [--out FILE] [--scale X]`.
// It prints each figure with its goal as soon as it is measured, and with --out writes the section
// as JSON (bench/run-all.ts collects those into bench/results.json).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { figure, formatFigure, type Figure, type Section } from './figures.ts';
import { loadSample } from './machine.ts';

export interface SectionContext {
  /** Multiplies workload sizes (1 = the sizes the issue asks for); below 1 for a quick look. */
  scale: number;
  add(f: Omit<Figure, 'met'>): Figure;
  note(text: string): void;
  log(text: string): void;
}

export async function runSection(id: string, title: string, scale: number, body: (ctx: SectionContext) => Promise<void>): Promise<Section> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const before = loadSample();
  const started = performance.now();
  process.stdout.write(`\n== ${title}\n`);
  await body({
    scale,
    add(f) {
      const measured = figure(f);
      figures.push(measured);
      process.stdout.write(`${formatFigure(measured)}\n`);
      return measured;
    },
    note(text) {
      notes.push(text);
      process.stdout.write(`  note: ${text}\n`);
    },
    log(text) {
      process.stdout.write(`  .. ${text}\n`);
    },
  });
  return { id, title, figures, notes, seconds: (performance.now() - started) / 1000, load: { before, after: loadSample() } };
}

/** The entry point of a section script. */
export async function sectionMain(id: string, title: string, body: (ctx: SectionContext) => Promise<void>): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, scale: { type: 'string' } } });
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!(scale > 0)) throw new Error(`--scale must be a positive number, got "${values.scale}"`);
  const section = await runSection(id, title, scale, body);
  if (values.out !== undefined) writeFileSync(values.out, JSON.stringify(section));
}

/** Scales a workload size, keeping at least `min`. */
export function scaled(ctx: SectionContext, size: number, min = 1): number {
  return Math.max(min, Math.round(size * ctx.scale));
}
