// Item 2 of issue 8: durable step inserts per second into the SQLite trace store, each committed on its
// own as the recorder does in a run; and what Langfuse export (against the local test receiver) costs.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SimAgent } from '../src/agents/sim/agent.ts';
import { Host } from '../src/host/host.ts';
import { runEpisode } from '../src/run/episode.ts';
import { runPool } from '../src/run/pool.ts';
import { episodeSeed } from '../src/run/seeds.ts';
import type { LoadedSuite } from '../src/suite/load.ts';
import { openTraceStore, type TraceStore } from '../traces/index.ts';
import { LangfuseSink, withLangfuse, type LangfuseDelivery } from '../traces/langfuse/index.ts';
import { labSuite } from './lib/lab.ts';
import { startReceiverProcess } from './lib/langfuse.ts';
import { labEpisodePayloads, type EpisodePayload } from './lib/payloads.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { interleaved, median, pairedRatios, spread } from './lib/stats.ts';
import { scratchDir } from './lib/temp.ts';

const STEPS_PER_ROUND = 20_000;
const STEPS_PER_EPISODE = 5;
const ROUNDS = 5;
const EPISODES_PER_LANGFUSE_ROUND = 400;
const LANGFUSE_ROUNDS = 6;
const RUN_ROUNDS = 6;
const RUN_REPEATS = 4;
const RUN_CONCURRENCY = 4;
const THROUGHPUT_GOAL = { op: '>=', target: 20_000 } as const;
const LANGFUSE_COST_GOAL = { op: '<', target: 5 } as const;

function newRun(store: TraceStore, label: string): string {
  return store.createRun({
    suite: label,
    suitePath: 'bench',
    agent: 'sim',
    split: 'all',
    repeats: 1,
    seed: 0,
    concurrency: 1,
    versionIds: { lab: 'lab-bench' },
    config: null,
  }).id;
}

function writeSteps(store: TraceStore, episodeId: string, payload: EpisodePayload): void {
  for (const step of payload.steps) {
    if ('model' in step) store.addModelStep(episodeId, step.model);
    else store.addToolStep(episodeId, step.tool);
  }
}

/** Everything the recorder writes for one episode, in a run's order. */
function recordEpisode(store: TraceStore, runId: string, taskId: string, payload: EpisodePayload): void {
  const episode = store.startEpisode({ runId, taskId, split: 'val', repeat: 0, seed: 1 });
  writeSteps(store, episode.id, payload);
  // as src/run/episode.ts does: the result and its scores in one commit
  store.atomically(() => {
    store.finishEpisode(episode.id, {
      status: 'completed',
      answer: '1234.57',
      success: payload.success,
      feedback: payload.scores[0]!.comment!,
      stop: 'answered',
    });
    for (const score of payload.scores) store.addScore(episode.id, score);
  });
}

/** The floor under any recorder: one-row inserts into a one-column table, each its own commit, same settings. */
function bareCommitsPerSecond(path: string, count: number): number {
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec('CREATE TABLE IF NOT EXISTS t (x INTEGER)');
  const insert = sqlite.prepare('INSERT INTO t (x) VALUES (?)');
  const started = performance.now();
  for (let i = 0; i < count; i++) insert.run(i);
  const seconds = (performance.now() - started) / 1000;
  sqlite.close();
  return count / seconds;
}

function durableSteps(ctx: SectionContext, loaded: LoadedSuite): void {
  const dir = scratchDir('recorder');
  const store = openTraceStore(join(dir, 'tdo.db'));
  const steps = scaled(ctx, STEPS_PER_ROUND, 1000);
  const payloads = labEpisodePayloads(loaded, Math.ceil(steps / STEPS_PER_EPISODE), STEPS_PER_EPISODE);
  const wall: number[] = [];
  const cpu: number[] = [];
  const floor: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const runId = newRun(store, `steps-${round}`);
      const episodes = payloads.map((_, i) => store.startEpisode({ runId, taskId: `t${i}`, split: 'val', repeat: 0, seed: i }).id);
      for (const variant of interleaved(['store', 'floor'] as const, round)) {
        if (variant === 'floor') {
          floor.push(bareCommitsPerSecond(join(dir, 'floor.db'), steps));
          continue;
        }
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        payloads.forEach((payload, i) => writeSteps(store, episodes[i]!, payload));
        const seconds = (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpuBefore);
        wall.push(steps / seconds);
        cpu.push(steps / ((used.user + used.system) / 1e6));
      }
    }
  } finally {
    store.close();
  }
  ctx.note(
    `${steps} steps per round (${payloads.length} episodes x ${STEPS_PER_EPISODE} steps: sim decisions and lab tool results, read_file results carrying the whole file), each step its own commit (WAL, synchronous=NORMAL) through addModelStep/addToolStep; ${ROUNDS} rounds`,
  );
  ctx.add({
    id: 'recorder.steps_per_s',
    label: 'durable step inserts (wall clock)',
    value: median(wall),
    unit: 'steps/s',
    spread: spread(wall),
    goal: THROUGHPUT_GOAL,
  });
  ctx.add({
    id: 'recorder.steps_per_cpu_s',
    label: 'durable step inserts per CPU-second of the recording process',
    value: median(cpu),
    unit: 'steps/s',
    spread: spread(cpu),
    note: 'what the recorder would reach with a whole core to itself',
  });
  ctx.add({
    id: 'recorder.bare_commits_per_s',
    label: 'floor: one-row commits into a one-column table, same settings (wall clock)',
    value: median(floor),
    unit: 'commits/s',
    spread: spread(floor),
  });
}

async function langfuseCost(ctx: SectionContext, loaded: LoadedSuite): Promise<void> {
  const receiver = await startReceiverProcess();
  const sink = LangfuseSink.open(receiver.config);
  let delivery: LangfuseDelivery | undefined;
  const store = openTraceStore(join(scratchDir('langfuse'), 'tdo.db'));
  const stores = { off: store, on: withLangfuse(store, sink) };
  try {
    // Recording alone: whole episodes (start, steps, finish, scores), so the per-episode export is included.
    const episodes = scaled(ctx, EPISODES_PER_LANGFUSE_ROUND, 20);
    const payloads = labEpisodePayloads(loaded, episodes, STEPS_PER_EPISODE);
    const recordRates: Record<'off' | 'on', number[]> = { off: [], on: [] };
    for (let round = 0; round < LANGFUSE_ROUNDS; round++) {
      for (const variant of interleaved(['off', 'on'] as const, round)) {
        const runId = newRun(store, `langfuse-${variant}-${round}`);
        const started = performance.now();
        payloads.forEach((payload, i) => recordEpisode(stores[variant], runId, `t${i}`, payload));
        recordRates[variant].push(episodes / ((performance.now() - started) / 1000));
      }
    }
    const recordCost = pairedRatios(recordRates.on, recordRates.off).map((r) => (1 - r) * 100);
    ctx.add({
      id: 'recorder.langfuse.record_eps_off',
      label: 'recording whole episodes, Langfuse off',
      value: median(recordRates.off),
      unit: 'episodes/s',
      spread: spread(recordRates.off),
    });
    ctx.add({
      id: 'recorder.langfuse.record_eps_on',
      label: 'recording whole episodes, Langfuse on',
      value: median(recordRates.on),
      unit: 'episodes/s',
      spread: spread(recordRates.on),
    });
    ctx.add({
      id: 'recorder.langfuse.record_cost_pct',
      label: 'Langfuse cost on recording alone (no agent, no servers)',
      value: median(recordCost),
      unit: '%',
      spread: spread(recordCost),
      note: 'the worst case: nothing else happens between writes; the goal applies to the run below',
    });

    // The run: sim agent on the lab suite over stdio servers, episode by episode as runSuite runs them
    // (runEpisode in the same pool), on one host connected once so that server start-up is not timed.
    const repeats = scaled(ctx, RUN_REPEATS);
    const host = await Host.connect(loaded.suite.servers);
    const runRates: Record<'off' | 'on', number[]> = { off: [], on: [] };
    try {
      const catalogue = host.catalogue();
      const work = loaded.suite.tasks.flatMap((task) => Array.from({ length: repeats }, (_, repeat) => ({ task, repeat })));
      for (let round = 0; round < RUN_ROUNDS; round++) {
        for (const variant of interleaved(['off', 'on'] as const, round)) {
          const runId = newRun(store, `run-${variant}-${round}`);
          const agent = new SimAgent();
          const started = performance.now();
          await runPool(
            work,
            RUN_CONCURRENCY,
            async ({ task, repeat }) => {
              await runEpisode(stores[variant], host, agent, { runId, suite: loaded.suite, task, repeat, seed: episodeSeed(8, task.id, repeat), catalogue });
            },
            () => false,
          );
          runRates[variant].push(work.length / ((performance.now() - started) / 1000));
        }
      }
    } finally {
      await host.close();
    }
    const runCost = pairedRatios(runRates.on, runRates.off).map((r) => (1 - r) * 100);
    ctx.add({
      id: 'recorder.langfuse.run_eps_off',
      label: `lab run (sim, concurrency ${RUN_CONCURRENCY}), Langfuse off`,
      value: median(runRates.off),
      unit: 'episodes/s',
      spread: spread(runRates.off),
    });
    ctx.add({
      id: 'recorder.langfuse.run_eps_on',
      label: `lab run (sim, concurrency ${RUN_CONCURRENCY}), Langfuse on`,
      value: median(runRates.on),
      unit: 'episodes/s',
      spread: spread(runRates.on),
    });
    ctx.add({
      id: 'recorder.langfuse.run_cost_pct',
      label: 'Langfuse cost on the run',
      value: median(runCost),
      unit: '%',
      spread: spread(runCost),
      goal: LANGFUSE_COST_GOAL,
    });
  } finally {
    delivery = await sink.close(30_000);
    store.close();
    await receiver.stop();
  }
  ctx.note(
    `Langfuse: the real SDK (LangfuseSink + withLangfuse, as \`tdo run\` attaches it) against test/support/langfuse-receiver.ts in its own process on 127.0.0.1; ` +
      `${delivery.spans.delivered} spans and ${delivery.scores.delivered} scores delivered, ${delivery.spans.dropped + delivery.scores.dropped} dropped`,
  );
}

await sectionMain('recorder', '2. Recorder throughput: durable step inserts, and the cost of Langfuse export', async (ctx) => {
  const loaded = labSuite();
  durableSteps(ctx, loaded);
  await langfuseCost(ctx, loaded);
});
