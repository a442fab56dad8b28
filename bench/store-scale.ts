// Item 4 of issue 8: a trace store holding a million steps (generated in bulk transactions, for the
// generation only), the queries the optimizer and reports run against it, and its size on disk.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LoadedSuite } from '../src/suite/load.ts';
import { openTraceStore, type TraceStore } from '../traces/index.ts';
import { labSuite } from './lib/lab.ts';
import { labEpisodePayloads } from './lib/payloads.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { spread } from './lib/stats.ts';
import { scratchDir } from './lib/temp.ts';
import { BENCH_SUITE_RUN } from './lib/run-settings.ts';

const STEPS = 1_000_000;
const STEPS_PER_EPISODE = 5;
const EPISODES_PER_RUN = 5000;
const LAB_VERSIONS = 10;
const PAYLOAD_VARIANTS = 1000;
const EPISODES_PER_TRANSACTION = 5000;
const QUERY_REPEATS = 9;
const QUERY_GOAL = { op: '<', target: 200 } as const;
/** The tool "failed episodes for one tool" asks about. */
const TOOL = 'calculator';

interface Generated {
  episodes: number;
  steps: number;
  scores: number;
  runIds: string[];
  episodeIds: string[];
  seconds: number;
}

/**
 * Writes runs of the lab suite over LAB_VERSIONS description versions of the lab server: episodes with
 * sim-decision and tool steps (a third of them choosing labplus's smart_compute) and the four scores a
 * run records. Bulk transactions, so generating takes seconds; the recorder itself commits step by step.
 */
function generate(store: TraceStore, path: string, loaded: LoadedSuite, steps: number): Generated {
  const started = performance.now();
  const versions = Array.from(
    { length: LAB_VERSIONS },
    (_, v) =>
      store.recordVersion({
        server: 'lab',
        descriptions: { calculator: `Evaluates arithmetic, variant ${v}.`, read_file: 'Reads a file.', unit_convert: 'Converts units.' },
        origin: v === 0 ? 'seed' : 'optimizer',
      }).id,
  );
  const labplus = store.recordVersion({ server: 'labplus', descriptions: { smart_compute: 'Does everything.' }, origin: 'seed' }).id;
  const episodes = Math.ceil(steps / STEPS_PER_EPISODE);
  const runCount = Math.ceil(episodes / EPISODES_PER_RUN);
  const runIds = Array.from(
    { length: runCount },
    (_, r) =>
      store.createRun({
        suite: 'lab',
        suitePath: loaded.path,
        agent: 'sim',
        split: 'all',
        repeats: 1,
        seed: r,
        concurrency: 4,
        versionIds: { lab: versions[r % LAB_VERSIONS]!, labplus },
        ...BENCH_SUITE_RUN,
      }).id,
  );
  store.close();

  const payloads = labEpisodePayloads(loaded, PAYLOAD_VARIANTS, STEPS_PER_EPISODE).map((p) => ({
    ...p,
    steps: p.steps.map((s) =>
      'model' in s
        ? { kind: 'model' as const, ...s.model, input: JSON.stringify(s.model.input), output: JSON.stringify(s.model.output) }
        : { kind: 'tool' as const, ...s.tool, args: JSON.stringify(s.tool.args) },
    ),
  }));
  const tasks = loaded.suite.tasks;
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const insertEpisode = sqlite.prepare(
    `INSERT INTO episodes (id, run_id, task_id, split, repeat_index, seed, status, started_at, finished_at, answer, success, feedback, stop_reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertModel = sqlite.prepare(
    `INSERT INTO steps (episode_id, seq, kind, started_at, latency_ms, model, input, output, cached) VALUES (?, ?, 'model', ?, ?, 'sim', ?, ?, 0)`,
  );
  const insertTool = sqlite.prepare(
    `INSERT INTO steps (episode_id, seq, kind, started_at, latency_ms, server, tool, catalogue_name, arguments, result_text, is_error) VALUES (?, ?, 'tool', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertScore = sqlite.prepare('INSERT INTO scores (episode_id, name, value, comment) VALUES (?, ?, ?, ?)');
  const t0 = Date.parse('2026-11-01T00:00:00Z');
  const episodeIds: string[] = [];
  let stepCount = 0;
  let scoreCount = 0;
  const writeBatch = sqlite.transaction((from: number, to: number) => {
    for (let e = from; e < to; e++) {
      const id = `e-${e.toString(16).padStart(12, '0')}`;
      episodeIds.push(id);
      const payload = payloads[e % payloads.length]!;
      const task = tasks[e % tasks.length]!;
      const inRun = e % EPISODES_PER_RUN;
      const at = (k: number) => new Date(t0 + e * 40 + k * 5).toISOString();
      const status = e % 97 === 0 ? 'error' : 'completed';
      const chose = (payload.scores.find((s) => s.name === 'used_server:lab')?.value ?? 1) === 1;
      insertEpisode.run(
        id,
        runIds[Math.floor(e / EPISODES_PER_RUN)]!,
        task.id,
        task.split,
        Math.floor(inRun / tasks.length),
        e,
        status,
        at(0),
        at(STEPS_PER_EPISODE + 1),
        '1234.57',
        payload.success ? 1 : 0,
        payload.scores[0]!.comment ?? null,
        status === 'error' ? 'error' : 'answered',
      );
      payload.steps.forEach((s, seq) => {
        if (s.kind === 'model') insertModel.run(id, seq, at(seq + 1), s.latencyMs, s.input, s.output);
        else {
          const [server, tool] = chose ? ['lab', s.tool] : ['labplus', 'smart_compute'];
          insertTool.run(id, seq, at(seq + 1), s.latencyMs, server, tool, tool, s.args, s.output, s.isError ? 1 : 0);
        }
        stepCount++;
      });
      for (const score of payload.scores) {
        insertScore.run(id, score.name, score.value, score.comment ?? null);
        scoreCount++;
      }
    }
  });
  for (let from = 0; from < episodes; from += EPISODES_PER_TRANSACTION) writeBatch(from, Math.min(episodes, from + EPISODES_PER_TRANSACTION));
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { episodes, steps: stepCount, scores: scoreCount, runIds, episodeIds, seconds: (performance.now() - started) / 1000 };
}

function timeQuery(ctx: SectionContext, id: string, label: string, query: () => unknown, note: string): void {
  query(); // warm the page cache: the figure is a query, not a cold disk read
  const times: number[] = [];
  for (let i = 0; i < QUERY_REPEATS; i++) {
    const started = performance.now();
    query();
    times.push(performance.now() - started);
  }
  ctx.add({ id: `store.query.${id}`, label, value: spread(times).median, unit: 'ms', spread: spread(times), goal: QUERY_GOAL, note });
}

await sectionMain('store', '4. The trace store at a million steps: generation, queries, size', async (ctx) => {
  const loaded = labSuite();
  const path = join(scratchDir('store'), 'tdo.db');
  const g = generate(openTraceStore(path), path, loaded, scaled(ctx, STEPS, 1000));
  const bytes = statSync(path).size;
  ctx.note(
    `generated ${g.steps.toLocaleString('en-US')} steps, ${g.episodes.toLocaleString('en-US')} episodes, ${g.scores.toLocaleString('en-US')} scores in ${g.runIds.length} runs over ${LAB_VERSIONS} lab description versions, in ${g.seconds.toFixed(1)} s (bulk transactions of ${EPISODES_PER_TRANSACTION} episodes)`,
  );
  ctx.add({
    id: 'store.size_mb_per_million_steps',
    label: 'database size per million steps (with their episodes and scores)',
    value: bytes / 1e6 / (g.steps / 1e6),
    unit: 'MB',
  });

  const store = openTraceStore(path);
  const sqlite = new Database(path, { readonly: true });
  try {
    const runId = g.runIds[Math.floor(g.runIds.length / 2)]!;
    const episodeId = g.episodeIds[Math.floor(g.episodeIds.length / 3)]!;
    const failedWithTool = sqlite.prepare(
      `SELECT e.* FROM episodes e
       WHERE e.run_id = ? AND e.status != 'running' AND e.success = 0
         AND EXISTS (SELECT 1 FROM steps s WHERE s.episode_id = e.id AND s.kind = 'tool' AND s.tool = ?)`,
    );
    const latestFailedWithTool = sqlite.prepare(
      `SELECT e.* FROM episodes e
       WHERE e.status != 'running' AND e.success = 0
         AND EXISTS (SELECT 1 FROM steps s WHERE s.episode_id = e.id AND s.kind = 'tool' AND s.tool = ?)
       ORDER BY e.started_at DESC LIMIT 50`,
    );
    // Summed per run first, so each run's version is read out of its JSON once rather than once per episode.
    const usedServerPerVersion = sqlite.prepare(
      `SELECT json_extract(r.version_ids, '$.lab') AS version, SUM(per_run.episodes) AS episodes, SUM(per_run.used) / SUM(per_run.episodes) AS used_server
       FROM (SELECT e.run_id, COUNT(*) AS episodes, SUM(sc.value) AS used
             FROM episodes e JOIN scores sc ON sc.episode_id = e.id AND sc.name = 'used_server:lab'
             GROUP BY e.run_id) AS per_run
       JOIN runs r ON r.id = per_run.run_id
       GROUP BY version`,
    );
    const versions = usedServerPerVersion.all().length;
    if (versions !== Math.min(LAB_VERSIONS, g.runIds.length)) throw new Error(`used-server shares came back for ${versions} versions`);

    timeQuery(
      ctx,
      'failed_for_tool_in_run',
      `failed episodes that called ${TOOL}, in one run of ${EPISODES_PER_RUN} episodes`,
      () => failedWithTool.all(runId, TOOL),
      "the optimizer's reflective examples for one component (SQL in this script: the store has no such query yet)",
    );
    timeQuery(
      ctx,
      'failed_for_tool_latest',
      `the 50 newest failed episodes that called ${TOOL}, store-wide`,
      () => latestFailedWithTool.all(TOOL),
      'a report or `traces list --failed` narrowed to one tool (SQL in this script)',
    );
    timeQuery(
      ctx,
      'used_server_per_version',
      `used-server share of the lab server per description version, over all ${g.episodes.toLocaleString('en-US')} episodes`,
      () => usedServerPerVersion.all(),
      'from the per-episode `used_server:lab` score, summed per run, then per version (SQL in this script)',
    );
    timeQuery(
      ctx,
      'tool_selection_counts',
      `toolSelectionCounts of one run (calls and errors per tool)`,
      () => store.toolSelectionCounts(runId),
      "the store's own query, used by run reports",
    );
    timeQuery(ctx, 'run_summary', 'runSummary of one run', () => store.runSummary(runId), "the store's own query");
    timeQuery(
      ctx,
      'failed_in_run',
      'listEpisodes({ runId, failed: true }) of one run',
      () => store.listEpisodes({ runId, failed: true }),
      "the store's own query (`tdo traces list --run R --failed`)",
    );
    timeQuery(
      ctx,
      'latest_episodes',
      'listEpisodes({ limit: 20 }), store-wide',
      () => store.listEpisodes({ limit: 20 }),
      "the store's own query (`tdo traces list`)",
    );
    timeQuery(
      ctx,
      'trajectory',
      'getTrajectory of one episode',
      () => store.getTrajectory(episodeId),
      "the store's own query (`tdo traces show`, the optimizer's per-episode facts)",
    );
  } finally {
    sqlite.close();
    store.close();
  }
});
