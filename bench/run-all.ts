// `npm run bench`: every benchmark section in its own process (memory and global state stay apart),
// one after another, then a summary of each figure next to its goal, saved to bench/results.json.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatFigure, type Section } from './lib/figures.ts';
import { loadSample, machineInfo } from './lib/machine.ts';
import { scratchDir } from './lib/temp.ts';

const SECTIONS = ['instrumentation', 'recorder', 'step-tables', 'rollouts', 'store-scale', 'memory', 'queue', 'latency', 'gateway', 'view'] as const;
const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const RESULTS = join(BENCH_DIR, 'results.json');

const { values } = parseArgs({ options: { only: { type: 'string', multiple: true }, scale: { type: 'string' } } });
const chosen = values.only ?? [...SECTIONS];
const unknown = chosen.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown section ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}`);

async function runSectionProcess(name: string, out: string): Promise<Section> {
  const args = ['--import', 'tsx', join(BENCH_DIR, `${name}.ts`), '--out', out, ...(values.scale === undefined ? [] : ['--scale', values.scale])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`bench/${name}.ts exited with code ${code}`);
  return JSON.parse(readFileSync(out, 'utf8')) as Section;
}

const started = performance.now();
const before = loadSample();
const dir = scratchDir('all');
const sections: Section[] = [];
const failures: string[] = [];
for (const name of chosen) {
  try {
    sections.push(await runSectionProcess(name, join(dir, `${name}.json`)));
  } catch (err) {
    failures.push((err as Error).message);
    process.stderr.write(`${(err as Error).message}\n`);
  }
}

const figures = sections.flatMap((s) => s.figures);
const withGoal = figures.filter((f) => f.met !== undefined);
process.stdout.write(`\n== Summary: ${withGoal.filter((f) => f.met).length} of ${withGoal.length} goals met\n`);
for (const s of sections) {
  process.stdout.write(`${s.title} (${s.seconds.toFixed(0)} s, load ${s.load.before.loadavg1.toFixed(1)} -> ${s.load.after.loadavg1.toFixed(1)})\n`);
  for (const f of s.figures.filter((x) => x.goal !== undefined)) process.stdout.write(`${formatFigure({ ...f, note: undefined })}\n`);
}
const seconds = (performance.now() - started) / 1000;
writeFileSync(
  RESULTS,
  `${JSON.stringify({ date: new Date().toISOString(), seconds, machine: machineInfo(), load: { before, after: loadSample() }, scale: values.scale === undefined ? 1 : Number(values.scale), sections, failures }, null, 2)}\n`,
);
process.stdout.write(`\nall sections took ${seconds.toFixed(0)} s; results in ${RESULTS}\n`);
if (failures.length > 0) process.exitCode = 1;
