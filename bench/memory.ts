// Item 5 of issue 8: peak resident memory of `tdo run` and `tdo optimize` processes as the number of
// episodes grows; flat means the process does not keep what it has recorded.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { labSuite } from './lib/lab.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { scratchDir } from './lib/temp.ts';

const TDO = fileURLToPath(new URL('../bin/tdo.js', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./lib/peak-rss.ts', import.meta.url));
/** `tdo run --split all` runs every task of the suite once per repeat. */
const LAB_TASKS = labSuite().suite.tasks.length;
/** x 8 and x 76 episodes (90 tasks: 720 and 6840) */
const RUN_REPEATS = [8, 76];
const OPTIMIZE_BUDGETS = [250, 1000];
const FLAT_GOAL = { op: '<=', target: 1.1 } as const;

const peakSchema = z.object({ maxRssKb: z.number(), heapUsedAtExit: z.number() });

interface Measured {
  peakMb: number;
  seconds: number;
}

/** Runs `tdo ARGS` with the peak-RSS preload and returns its peak RSS; fails with its stderr on a non-zero exit. */
async function measureTdo(args: string[]): Promise<Measured> {
  const dir = scratchDir('memory');
  const rssFile = join(dir, 'peak.json');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', PRELOAD, TDO, ...args, '--db', join(dir, 'tdo.db')], {
    env: { ...process.env, TDO_BENCH_PEAK_RSS_FILE: rssFile },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`tdo ${args.join(' ')} exited with ${code}:\n${stderr}`);
  const peak = peakSchema.parse(JSON.parse(readFileSync(rssFile, 'utf8')));
  return { peakMb: peak.maxRssKb / 1024, seconds: (performance.now() - started) / 1000 };
}

function reportGrowth(ctx: SectionContext, id: string, what: string, unit: string, sizes: number[], measured: Measured[]): void {
  sizes.forEach((size, i) =>
    ctx.add({
      id: `memory.${id}.${size}`,
      label: `${what}, ${size} ${unit}: peak RSS`,
      value: measured[i]!.peakMb,
      unit: 'MB',
      note: `took ${measured[i]!.seconds.toFixed(0)} s`,
    }),
  );
  const first = measured[0]!;
  const last = measured[measured.length - 1]!;
  const growth = ((last.peakMb - first.peakMb) / (sizes[sizes.length - 1]! - sizes[0]!)) * 1000;
  ctx.add({
    id: `memory.${id}.ratio`,
    label: `${what}: peak RSS at ${sizes[sizes.length - 1]} ${unit} over peak RSS at ${sizes[0]}`,
    value: last.peakMb / first.peakMb,
    unit: '',
    goal: FLAT_GOAL,
    note: `${growth.toFixed(2)} MB more per 1000 ${unit}`,
  });
}

await sectionMain('memory', '5. Memory: peak RSS of tdo run and tdo optimize as episodes grow', async (ctx) => {
  ctx.note(
    'each figure is the peak resident set size of the tdo process itself (process.resourceUsage().maxRSS at exit); the MCP servers it starts are separate processes and not included',
  );
  const repeats = RUN_REPEATS.map((r) => scaled(ctx, r));
  const runs: Measured[] = [];
  for (const r of repeats) runs.push(await measureTdo(['run', '--suite', 'lab', '--split', 'all', '--repeat', String(r), '--concurrency', '4', '--json']));
  reportGrowth(
    ctx,
    'run',
    'tdo run --suite lab (sim)',
    'episodes',
    repeats.map((r) => r * LAB_TASKS),
    runs,
  );

  const budgets = OPTIMIZE_BUDGETS.map((b) => scaled(ctx, b, 50));
  const optimizes: Measured[] = [];
  for (const b of budgets) optimizes.push(await measureTdo(['optimize', '--suite', 'lab', '--budget', String(b), '--json']));
  reportGrowth(ctx, 'optimize', 'tdo optimize --suite lab (sim agent, sim proposer)', 'metric calls', budgets, optimizes);
});
