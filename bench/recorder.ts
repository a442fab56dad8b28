// Item 2 of issue 8: durable step inserts per second into the SQLite trace store, each committed on its
// own as the recorder does in a run; and what Langfuse export (against the local test receiver) costs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SimAgent } from '../src/agents/sim/agent.ts';
import { Host } from '../src/host/host.ts';
import { runEpisode } from '../src/run/episode.ts';
import { runPool } from '../src/run/pool.ts';
import { episodeSeed } from '../src/run/seeds.ts';
import type { LoadedSuite } from '../src/suite/load.ts';
import { openTraceStore, type TraceStore } from '../traces/index.ts';
import { LangfuseSink, withLangfuse } from '../traces/langfuse/index.ts';
import { labSuite } from './lib/lab.ts';
import { startReceiverProcess, type ReceiverProcess } from './lib/langfuse.ts';
import { labEpisodePayloads, type EpisodePayload } from './lib/payloads.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { interleaved, median, pairedRatios, spread } from './lib/stats.ts';
import { scratchDir } from './lib/temp.ts';
import { BENCH_SUITE_RUN } from './lib/run-settings.ts';

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
    ...BENCH_SUITE_RUN,
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

/**
 * CPU milliseconds of this process's main thread alone (Linux: its /proc task entry, in clock ticks of
 * 10 ms), so that the export worker's CPU is not counted; undefined where there is no /proc.
 */
/** CPU time of the thread running the episodes, in ms (schedstat's nanoseconds); undefined without /proc. */
function mainThreadCpuMs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** CPU time of this process's other threads (the export worker, V8's compiler and GC helpers), in ms. */
function otherThreadsCpuMs(): number | undefined {
  const main = mainThreadCpuMs();
  if (main === undefined) return undefined;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000 - main;
}

/** What the Langfuse rounds of a section delivered, and how long each sink's worker took to start. */
interface LangfuseTally {
  startMs: number[];
  spans: number;
  scores: number;
  dropped: number;
}

/**
 * One measured round of `work`: on the bare store, or with a Langfuse sink attached as `tdo run` attaches
 * it. The sink's export worker is started before the clock (in a real run its start-up overlaps the servers'
 * start-up; it is reported on its own); its close, which builds and delivers what is left, is timed with
 * the work, since a run waits for it before exiting. Returns seconds to the end of the work and to the end.
 */
async function timedRound(
  variant: 'off' | 'on',
  store: TraceStore,
  receiver: ReceiverProcess,
  tally: LangfuseTally,
  work: (store: TraceStore) => Promise<void>,
): Promise<{ loop: number; total: number; mainCpuMs: number | undefined; otherCpuMs: number | undefined; receiverCpuMs: number | undefined }> {
  const sink = variant === 'on' ? LangfuseSink.open(receiver.config) : undefined;
  if (sink) {
    const opened = performance.now();
    await sink.ready;
    tally.startMs.push(performance.now() - opened);
  }
  const cpuBefore = mainThreadCpuMs();
  const otherBefore = otherThreadsCpuMs();
  const receiverBefore = receiver.cpuMs();
  const started = performance.now();
  await work(sink ? withLangfuse(store, sink) : store);
  const loop = (performance.now() - started) / 1000;
  const cpuAfter = mainThreadCpuMs();
  const mainCpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  if (sink) {
    const delivery = await sink.close(30_000);
    tally.spans += delivery.spans.delivered;
    tally.scores += delivery.scores.delivered;
    tally.dropped += delivery.spans.dropped + delivery.scores.dropped;
  }
  const [otherAfter, receiverAfter] = [otherThreadsCpuMs(), receiver.cpuMs()];
  return {
    loop,
    total: (performance.now() - started) / 1000,
    mainCpuMs,
    otherCpuMs: otherBefore === undefined || otherAfter === undefined ? undefined : otherAfter - otherBefore,
    receiverCpuMs: receiverBefore === undefined || receiverAfter === undefined ? undefined : receiverAfter - receiverBefore,
  };
}

/** Episodes per second off and on, to the end of the work (`loop`) and to the end of the sink's close. */
interface LangfuseRates {
  off: number[];
  onLoop: number[];
  on: number[];
  /** The main thread's CPU milliseconds per episode during the work, off and on. */
  cpuOff: number[];
  cpuOn: number[];
  /** This process's other threads' CPU milliseconds per episode, to the end of the sink's close, off and on. */
  otherOff: number[];
  otherOn: number[];
  /** The receiver process's CPU milliseconds per episode (on only). */
  receiverOn: number[];
}

function addLangfuseCost(ctx: SectionContext, id: string, what: string, rates: LangfuseRates, goal?: typeof LANGFUSE_COST_GOAL): void {
  const cost = (on: number[]) => pairedRatios(on, rates.off).map((r) => (1 - r) * 100);
  ctx.add({ id: `recorder.langfuse.${id}_eps_off`, label: `${what}, Langfuse off`, value: median(rates.off), unit: 'episodes/s', spread: spread(rates.off) });
  ctx.add({
    id: `recorder.langfuse.${id}_eps_on`,
    label: `${what}, Langfuse on (to the end of the sink's close)`,
    value: median(rates.on),
    unit: 'episodes/s',
    spread: spread(rates.on),
  });
  const loopCost = cost(rates.onLoop);
  ctx.add({
    id: `recorder.langfuse.${id}_loop_cost_pct`,
    label: `Langfuse cost on the ${what}'s episode loop`,
    value: median(loopCost),
    unit: '%',
    spread: spread(loopCost),
    note: 'what the thread running the episodes pays: handing episode ids to the export worker',
  });
  if (rates.cpuOn.length > 0) {
    const cpuCost = pairedRatios(rates.cpuOn, rates.cpuOff).map((r) => (r - 1) * 100);
    ctx.add({
      id: `recorder.langfuse.${id}_main_cpu_cost_pct`,
      label: `Langfuse cost in the main thread's CPU per episode, ${what}`,
      value: median(cpuCost),
      unit: '%',
      spread: spread(cpuCost),
      note: `CPU time of the thread running the episodes (the export worker not counted), so machine load matters less; off ${median(rates.cpuOff).toFixed(2)} ms, on ${median(rates.cpuOn).toFixed(2)} ms per episode`,
    });
  }
  if (rates.otherOn.length > 0) {
    const exportCpu = rates.otherOn.map((on, i) => on - rates.otherOff[i]!);
    ctx.add({
      id: `recorder.langfuse.${id}_export_cpu_ms`,
      label: `the export's CPU per episode in this process's other threads, ${what} (on minus off, its close included)`,
      value: median(exportCpu),
      unit: 'ms',
      spread: spread(exportCpu),
      note: `the export worker with the V8 compiler and GC threads working for it; off ${median(rates.otherOff).toFixed(2)} ms, on ${median(rates.otherOn).toFixed(2)} ms per episode`,
    });
  }
  if (rates.receiverOn.length > 0)
    ctx.add({
      id: `recorder.langfuse.${id}_receiver_cpu_ms`,
      label: `the local receiver's CPU per episode, ${what}`,
      value: median(rates.receiverOn),
      unit: 'ms',
      spread: spread(rates.receiverOn),
      note: 'a real Langfuse runs elsewhere; on this machine its stand-in shares the cores with the run',
    });
  const totalCost = cost(rates.on);
  ctx.add({
    id: `recorder.langfuse.${id}_cost_pct`,
    label: `Langfuse cost on the ${what}, its close included`,
    value: median(totalCost),
    unit: '%',
    spread: spread(totalCost),
    ...(goal === undefined ? { note: 'the worst case: nothing else happens between writes; the goal applies to the run below' } : { goal }),
  });
}

async function langfuseCost(ctx: SectionContext, loaded: LoadedSuite): Promise<void> {
  const receiver = await startReceiverProcess();
  const store = openTraceStore(join(scratchDir('langfuse'), 'tdo.db'));
  const tally: LangfuseTally = { startMs: [], spans: 0, scores: 0, dropped: 0 };
  const round = async (variant: 'off' | 'on', rates: LangfuseRates, episodes: number, work: (store: TraceStore) => Promise<void>) => {
    const { loop, total, mainCpuMs, otherCpuMs, receiverCpuMs } = await timedRound(variant, store, receiver, tally, work);
    if (mainCpuMs !== undefined) (variant === 'off' ? rates.cpuOff : rates.cpuOn).push(mainCpuMs / episodes);
    if (otherCpuMs !== undefined) (variant === 'off' ? rates.otherOff : rates.otherOn).push(otherCpuMs / episodes);
    if (receiverCpuMs !== undefined && variant === 'on') rates.receiverOn.push(receiverCpuMs / episodes);
    if (variant === 'off') rates.off.push(episodes / total);
    else {
      rates.onLoop.push(episodes / loop);
      rates.on.push(episodes / total);
    }
  };
  try {
    // Recording alone: whole episodes (start, steps, finish, scores), so the per-episode export is included.
    const episodes = scaled(ctx, EPISODES_PER_LANGFUSE_ROUND, 20);
    const payloads = labEpisodePayloads(loaded, episodes, STEPS_PER_EPISODE);
    const recordRates: LangfuseRates = { off: [], onLoop: [], on: [], cpuOff: [], cpuOn: [], otherOff: [], otherOn: [], receiverOn: [] };
    for (let r = 0; r < LANGFUSE_ROUNDS; r++) {
      for (const variant of interleaved(['off', 'on'] as const, r)) {
        const runId = newRun(store, `langfuse-${variant}-${r}`);
        await round(variant, recordRates, episodes, async (recording) => {
          payloads.forEach((payload, i) => recordEpisode(recording, runId, `t${i}`, payload));
        });
      }
    }
    addLangfuseCost(ctx, 'record', 'recording whole episodes (no agent, no servers)', recordRates);

    // The run: sim agent on the lab suite over stdio servers, episode by episode as runSuite runs them
    // (runEpisode in the same pool), on one host connected once so that server start-up is not timed.
    const repeats = scaled(ctx, RUN_REPEATS);
    const host = await Host.connect(loaded.suite.servers);
    const runRates: LangfuseRates = { off: [], onLoop: [], on: [], cpuOff: [], cpuOn: [], otherOff: [], otherOn: [], receiverOn: [] };
    try {
      const catalogue = host.catalogue();
      const work = loaded.suite.tasks.flatMap((task) => Array.from({ length: repeats }, (_, repeat) => ({ task, repeat })));
      for (let r = 0; r < RUN_ROUNDS; r++) {
        for (const variant of interleaved(['off', 'on'] as const, r)) {
          const runId = newRun(store, `run-${variant}-${r}`);
          const agent = new SimAgent();
          await round(variant, runRates, work.length, (recording) =>
            runPool(
              work,
              RUN_CONCURRENCY,
              async ({ task, repeat }) => {
                await runEpisode(recording, host, agent, { runId, suite: loaded.suite, task, repeat, randomSeed: episodeSeed(8, task.id, repeat), catalogue });
              },
              () => false,
            ),
          );
        }
      }
    } finally {
      await host.close();
    }
    addLangfuseCost(ctx, 'run', `lab run (sim, concurrency ${RUN_CONCURRENCY})`, runRates, LANGFUSE_COST_GOAL);
    ctx.add({
      id: 'recorder.langfuse.worker_start_ms',
      label: "a sink's export worker, from open to ready (once per run, not timed above)",
      value: median(tally.startMs),
      unit: 'ms',
      spread: spread(tally.startMs),
    });
  } finally {
    store.close();
    await receiver.stop();
  }
  ctx.note(
    `Langfuse: the real SDK (LangfuseSink + withLangfuse, as \`tdo run\` attaches it; spans built and sent in the sink's export worker thread) against test/support/langfuse-receiver.ts in its own process on 127.0.0.1, a new sink per round; ` +
      `${tally.spans} spans and ${tally.scores} scores delivered, ${tally.dropped} dropped`,
  );
}

await sectionMain('recorder', '2. Recorder throughput: durable step inserts, and the cost of Langfuse export', async (ctx) => {
  const loaded = labSuite();
  durableSteps(ctx, loaded);
  await langfuseCost(ctx, loaded);
});
