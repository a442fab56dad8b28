// Item 5 of issue 8: peak resident memory of `tdo run` and `tdo optimize` processes as the number of
// episodes grows; flat means the process does not keep what it has recorded.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { labSuite } from './lib/lab.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { interleaved, median, pairedRatios, spread } from './lib/stats.ts';
import { scratchDir } from './lib/temp.ts';

const TDO = fileURLToPath(new URL('../bin/tdo.js', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./lib/peak-rss.ts', import.meta.url));
/** `tdo run --split all` runs every task of the suite once per repeat. */
const LAB_TASKS = labSuite().suite.tasks.length;
/** x 8 and x 76 episodes (90 tasks: 720 and 6840) */
const RUN_REPEATS = [8, 76];
const OPTIMIZE_BUDGETS = [250, 1000];
const FLAT_GOAL = { op: '<=', target: 1.1 } as const;

const peakSchema = z.object({ maxRssKb: z.number(), heapUsedAtExit: z.number(), liveHeapAtExit: z.number() });

interface Measured {
  peakMb: number;
  /** V8 heap in use at exit after a full collection */
  liveHeapMb: number;
  seconds: number;
}

/** Runs `tdo ARGS` with the peak-RSS preload and returns its peak RSS; fails with its stderr on a non-zero exit. */
async function measureTdo(args: string[]): Promise<Measured> {
  const dir = scratchDir('memory');
  const rssFile = join(dir, 'peak.json');
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', PRELOAD, TDO, ...args, '--db', join(dir, 'tdo.db')], {
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
  return { peakMb: peak.maxRssKb / 1024, liveHeapMb: peak.liveHeapAtExit / 1048576, seconds: (performance.now() - started) / 1000 };
}

/** Each size is measured this many times, sizes interleaved; figures are medians (peak RSS moves with GC timing). */
const ROUNDS = 3;

/** Runs `tdo ARGS(size)` ROUNDS times per size, interleaved, and returns each size's measurements. */
async function measureSizes(sizes: readonly number[], args: (size: number) => string[]): Promise<Measured[][]> {
  const bySize: Measured[][] = sizes.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of interleaved(
      sizes.map((_, i) => i),
      round,
    ))
      bySize[i]!.push(await measureTdo(args(sizes[i]!)));
  }
  return bySize;
}

function reportGrowth(ctx: SectionContext, id: string, what: string, unit: string, sizes: number[], bySize: Measured[][]): void {
  const peaks = bySize.map((runs) => runs.map((m) => m.peakMb));
  const live = bySize.map((runs) => runs.map((m) => m.liveHeapMb));
  sizes.forEach((size, i) =>
    ctx.add({
      id: `memory.${id}.${size}`,
      label: `${what}, ${size} ${unit}: peak RSS`,
      value: median(peaks[i]!),
      unit: 'MB',
      spread: spread(peaks[i]!),
      note: `took ${median(bySize[i]!.map((m) => m.seconds)).toFixed(0)} s (median of ${ROUNDS})`,
    }),
  );
  const [first, last] = [0, sizes.length - 1];
  const growth = ((median(peaks[last]!) - median(peaks[first]!)) / (sizes[last]! - sizes[first]!)) * 1000;
  ctx.add({
    id: `memory.${id}.ratio`,
    label: `${what}: peak RSS at ${sizes[last]} ${unit} over peak RSS at ${sizes[first]} (medians)`,
    value: median(peaks[last]!) / median(peaks[first]!),
    unit: '',
    spread: spread(pairedRatios(peaks[last]!, peaks[first]!)),
    goal: FLAT_GOAL,
    note: `${growth.toFixed(2)} MB more per 1000 ${unit}`,
  });
  // Peak RSS also grows with what V8 lets accumulate before it collects and with SQLite's page cache (capped per
  // connection); the heap left after a full collection is what the process keeps.
  ctx.add({
    id: `memory.${id}.live_heap_ratio`,
    label: `${what}: heap in use after a full collection at exit, ${sizes[last]} ${unit} over ${sizes[first]} (medians)`,
    value: median(live[last]!) / median(live[first]!),
    unit: '',
    spread: spread(pairedRatios(live[last]!, live[first]!)),
    note: `${median(live[first]!).toFixed(1)} MB -> ${median(live[last]!).toFixed(1)} MB`,
  });
}

await sectionMain('memory', '5. Memory: peak RSS of tdo run and tdo optimize as episodes grow', async (ctx) => {
  ctx.note(
    `each figure is the peak resident set size of the tdo process itself (process.resourceUsage().maxRSS at exit), the median of ${ROUNDS} runs per size; the MCP servers it starts are separate processes and not included`,
  );
  const repeats = RUN_REPEATS.map((r) => scaled(ctx, r));
  const runs = await measureSizes(repeats, (r) => ['run', '--suite', 'lab', '--split', 'all', '--repeat', String(r), '--concurrency', '4', '--json']);
  reportGrowth(
    ctx,
    'run',
    'tdo run --suite lab (sim)',
    'episodes',
    repeats.map((r) => r * LAB_TASKS),
    runs,
  );

  const budgets = OPTIMIZE_BUDGETS.map((b) => scaled(ctx, b, 50));
  const optimizes = await measureSizes(budgets, (b) => ['optimize', '--suite', 'lab', '--budget', String(b), '--json']);
  reportGrowth(ctx, 'optimize', 'tdo optimize --suite lab (sim agent, sim proposer)', 'metric calls', budgets, optimizes);
});
