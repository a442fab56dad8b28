// `tdo view` on a large run (issue 53): time to first byte of a run's page and of a filtered episode list, on a run
// of 100,000 episodes against a run of 100 in the same store, and against the page's own query in SQLite alone. Side
// by side in one process, as ratios: what a page costs beyond its one page of rows.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openTraceStore, type TraceStore } from '../traces/index.ts';
import { startViewServer } from '../view/server.ts';
import { BENCH_SUITE_RUN } from './lib/run-settings.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { spread } from './lib/stats.ts';
import { scratchDir } from './lib/temp.ts';

const LARGE = 100_000;
const SMALL = 100;
const TASKS = 50;
const TOOLS = ['calculator', 'read_file', 'unit_convert'];
const REPEATS = 21;
/** A page of the viewer should cost about what a page of a small run costs. */
const RATIO_GOAL = { op: '<=', target: 3 } as const;
const FILTER = { failed: true, tool: 'read_file' };

/** A run of `episodes` episodes, each a sim decision and its tool call, written in bulk (the recorder commits step by step). */
function writeRun(store: TraceStore, path: string, episodes: number, label: string): string {
  const runId = store.createRun({
    suite: 'bench',
    suitePath: 'bench.yaml',
    agent: 'sim',
    split: 'val',
    repeats: Math.ceil(episodes / TASKS),
    seed: 0,
    concurrency: 1,
    versionIds: {},
    ...BENCH_SUITE_RUN,
  }).id;
  const sqlite = new Database(path);
  const episode = sqlite.prepare(
    `INSERT INTO episodes (id, run_id, task_id, split, repeat_index, seed, status, started_at, finished_at, success, feedback, stop_reason)
     VALUES (?, ?, ?, 'val', ?, 0, ?, ?, ?, ?, ?, 'answered')`,
  );
  const model = sqlite.prepare(
    `INSERT INTO steps (episode_id, seq, kind, started_at, latency_ms, model, input, output) VALUES (?, 0, 'model', ?, 1, 'sim', ?, ?)`,
  );
  const tool = sqlite.prepare(
    `INSERT INTO steps (episode_id, seq, kind, started_at, latency_ms, server, tool, catalogue_name, arguments, result_text, is_error) VALUES (?, 1, 'tool', ?, 2, 'lab', ?, ?, '{}', '42', 0)`,
  );
  sqlite.transaction(() => {
    for (let e = 0; e < episodes; e++) {
      const id = `e-${label}-${e}`;
      const at = new Date(Date.parse('2026-11-01T00:00:00Z') + e * 40).toISOString();
      const labelled = TOOLS[e % TOOLS.length]!;
      const chosen = TOOLS[(e * 7) % 5 === 0 ? (e + 1) % TOOLS.length : e % TOOLS.length]!;
      const status = e % 97 === 0 ? 'error' : 'completed';
      episode.run(id, runId, `task-${e % TASKS}`, Math.floor(e / TASKS), status, at, at, status === 'error' ? null : chosen === labelled ? 1 : 0, 'checked');
      const decision = {
        chosen,
        scores: TOOLS.map((name) => ({ name, score: 1 })),
        labelled: [{ label: labelled, name: labelled, rank: 1, score: 1, parts: {} }],
      };
      model.run(id, at, JSON.stringify({ intent: 'compute', candidates: TOOLS }), JSON.stringify(decision));
      tool.run(id, at, chosen, chosen);
    }
  })();
  sqlite.close();
  store.setRunStatus(runId, 'completed');
  return runId;
}

type Measure = () => Promise<unknown> | unknown;

async function timed(measure: Measure): Promise<number> {
  const started = performance.now();
  await measure();
  return performance.now() - started;
}

/**
 * Median milliseconds of each of two measures over REPEATS, taken in turn (a, b, a, b, ...) so a shared machine's
 * load falls on both alike, after one warm-up each (the figure is a page, not a cold disk read).
 */
async function sideBySide(a: Measure, b: Measure): Promise<[number, number]> {
  await a();
  await b();
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < REPEATS; i++) {
    times[0].push(await timed(a));
    times[1].push(await timed(b));
  }
  return [spread(times[0]).median, spread(times[1]).median];
}

/** Time to the response's headers: the page is rendered whole before its first byte is sent. */
const firstByte = (url: string) => async () => {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  await response.body?.cancel();
};

async function compare(ctx: SectionContext, id: string, label: string, large: Measure, small: Measure, goal: typeof RATIO_GOAL | null = RATIO_GOAL) {
  const [a, b] = await sideBySide(large, small);
  ctx.log(`${label}: ${a.toFixed(2)} ms against ${b.toFixed(2)} ms`);
  ctx.add({
    id: `view.${id}`,
    label,
    value: a / b,
    unit: 'x',
    ...(goal === null ? {} : { goal }),
    note: `medians ${a.toFixed(2)} ms and ${b.toFixed(2)} ms of ${REPEATS}, taken in turn`,
  });
}

/**
 * A finished run's outcomes are counted once per open store (traces/viewing/finished-runs.ts), so the figures above,
 * taken after a warm-up, leave out that first count: this is what the first view of the run pays, each time on a
 * newly opened store.
 */
async function firstCount(ctx: SectionContext, path: string, runId: string, episodes: number) {
  const sums: Array<[id: string, label: string, sum: (store: TraceStore) => unknown]> = [
    ['first_outcome_count_ms', 'its outcomes (the run page)', (store) => store.runOutcomes(runId)],
    ['first_tool_sums_ms', 'its calls per tool and confusion matrix (the tools page)', (store) => [store.runToolCounts(runId), store.toolConfusion(runId)]],
  ];
  for (const [id, label, sum] of sums) {
    const times: number[] = [];
    for (let i = 0; i < Math.min(REPEATS, 5); i++) {
      const fresh = openTraceStore(path);
      times.push(await timed(() => sum(fresh)));
      fresh.close();
    }
    ctx.add({
      id: `view.${id}`,
      label: `first view of a finished run of ${episodes} episodes: ${label}, summed once`,
      value: spread(times).median,
      unit: 'ms',
      spread: spread(times),
    });
  }
}

await sectionMain('view', 'tdo view: a run of 100,000 episodes, paged and filtered in SQL', async (ctx) => {
  const path = join(scratchDir('view'), 'tdo.db');
  const store = openTraceStore(path);
  const large = scaled(ctx, LARGE, 1000);
  const small = writeRun(store, path, SMALL, 'small');
  const big = writeRun(store, path, large, 'large');
  ctx.note(`one store, a finished sim run of ${large.toLocaleString('en-US')} episodes and one of ${SMALL} (2 steps each), written in bulk`);
  ctx.note('a page against SQLite alone: the page adds a constant HTTP round trip and rendering to its query, so that ratio has no goal');
  const server = await startViewServer(store, 0);
  const page = (runId: string, query = '') => `${server.url}runs/${runId}${query}`;
  const filtered = `?failed=1&tool=${FILTER.tool}`;
  const window = { limit: 50, offset: 0 };
  try {
    await compare(ctx, 'run_page.large_vs_small', `run page: ${large} episodes / ${SMALL}`, firstByte(page(big)), firstByte(page(small)));
    await compare(
      ctx,
      'filtered.large_vs_small',
      `failed episodes that called ${FILTER.tool}: ${large} / ${SMALL}`,
      firstByte(page(big, filtered)),
      firstByte(page(small, filtered)),
    );
    await compare(
      ctx,
      'run_page.vs_sqlite',
      `run page of ${large} episodes / its episodes in SQLite alone`,
      firstByte(page(big)),
      () => store.episodePage(big, {}, window),
      null,
    );
    await compare(
      ctx,
      'filtered.vs_sqlite',
      `filtered page of ${large} episodes / its query in SQLite alone`,
      firstByte(page(big, filtered)),
      () => store.episodePage(big, FILTER, window),
      null,
    );
    await compare(
      ctx,
      'tools_page.large_vs_small',
      `tools page (whole-run sums, kept once finished): ${large} / ${SMALL}`,
      firstByte(`${page(big)}/tools`),
      firstByte(`${page(small)}/tools`),
    );
    await firstCount(ctx, path, big, large);
  } finally {
    await server.close();
    store.close();
  }
});
