// Item 1 of issue 8: what the tdo host with recording on adds to a tool call, against a bare SDK v2
// client making the same calls to the same lab server, over stdio and over Streamable HTTP.
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { Host } from '../src/host/host.ts';
import { inheritedEnv } from '../src/host/inherited-env.ts';
import { launchHttpServer } from '../src/host/launch.ts';
import type { ServerSpec } from '../src/suite/schema.ts';
import { openTraceStore } from '../traces/index.ts';
import { bareClient, labCalls, labSuite, serverOf, type PlannedCall } from './lib/lab.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { interleaved, median, spread } from './lib/stats.ts';
import { scratchDir } from './lib/temp.ts';
import { BENCH_SUITE_RUN } from './lib/run-settings.ts';

const CALLS = 2000;
const WARM_UP_CALLS = 50;
const ROUNDS = 4;
/** Pairs per chunk for the spread of the ratio. */
const CHUNK = 100;
const GOAL = { op: '<=', target: 1.1 } as const;

type Variant = 'bare' | 'host';

/** The host as a run uses it: catalogue routing, and each call committed to the trace store as episode.ts does. */
async function recordingHost(spec: ServerSpec) {
  const host = await Host.connect([spec]);
  const store = openTraceStore(join(scratchDir('instrumentation'), 'tdo.db'));
  const run = store.createRun({
    suite: 'bench',
    suitePath: 'bench',
    agent: 'bench',
    split: 'all',
    repeats: 1,
    seed: 0,
    concurrency: 1,
    versionIds: {},
    ...BENCH_SUITE_RUN,
  });
  const episode = store.startEpisode({ runId: run.id, taskId: 'instrumentation', split: 'val', repeat: 0, seed: 0 });
  const catalogue = host.catalogue();
  /** How long each call's durable commit took (us), inside the call's round trip. */
  const commits: number[] = [];
  // recorded exactly as an episode records its calls
  const invoker = host.invoker(catalogue, (call) => {
    const started = performance.now();
    store.addToolStep(episode.id, call);
    commits.push((performance.now() - started) * 1000);
  });
  const nameOf = new Map(catalogue.tools.map((t) => [t.tool, t.name]));
  return {
    call: async (c: PlannedCall) => (await invoker.call(nameOf.get(c.tool)!, c.args)).isError,
    steps: () => store.getTrajectory(episode.id)?.steps.length ?? 0,
    commits,
    close: async () => {
      store.close();
      await host.close();
    },
  };
}

function bareCaller(client: Client) {
  return async (c: PlannedCall) => (await client.callTool({ name: c.tool, arguments: c.args })).isError === true;
}

async function compare(ctx: SectionContext, transport: string, spec: ServerSpec, calls: PlannedCall[]): Promise<void> {
  const latencies: Record<Variant, number[]> = { bare: [], host: [] };
  const errors: Record<Variant, number> = { bare: 0, host: 0 };
  const commits: number[] = [];
  const perRound = Math.ceil(calls.length / ROUNDS);
  // Fresh connections (and, over stdio, fresh server processes) each round, so one lucky or unlucky
  // process does not decide the ratio.
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await bareClient(spec);
    const host = await recordingHost(spec);
    const callers: Record<Variant, (c: PlannedCall) => Promise<boolean>> = { bare: bareCaller(bare), host: host.call };
    const mine = calls.slice(round * perRound, (round + 1) * perRound);
    try {
      for (let i = 0; i < WARM_UP_CALLS; i++) for (const v of ['bare', 'host'] as const) await callers[v](calls[i % calls.length]!);
      // Side by side, call by call, alternating which variant goes first.
      for (let i = 0; i < mine.length; i++) {
        for (const v of interleaved(['bare', 'host'] as const, i)) {
          const started = performance.now();
          const isError = await callers[v](mine[i]!);
          latencies[v].push((performance.now() - started) * 1000);
          if (isError) errors[v]++;
        }
      }
      const recorded = host.steps();
      if (recorded !== WARM_UP_CALLS + mine.length) throw new Error(`the host recorded ${recorded} steps for ${WARM_UP_CALLS + mine.length} calls`);
      commits.push(...host.commits.slice(WARM_UP_CALLS));
    } finally {
      await bare.close();
      await host.close();
    }
  }

  const chunkRatios: number[] = [];
  for (let start = 0; start + CHUNK <= calls.length; start += CHUNK) {
    chunkRatios.push(median(latencies.host.slice(start, start + CHUNK)) / median(latencies.bare.slice(start, start + CHUNK)));
  }
  const bareMedian = median(latencies.bare);
  const hostMedian = median(latencies.host);
  ctx.add({
    id: `instrumentation.${transport}.bare_us`,
    label: `${transport}: bare SDK client, median per call`,
    value: bareMedian,
    unit: 'us',
    spread: spread(latencies.bare),
  });
  ctx.add({
    id: `instrumentation.${transport}.host_us`,
    label: `${transport}: tdo host + recording, median per call`,
    value: hostMedian,
    unit: 'us',
    spread: spread(latencies.host),
  });
  ctx.add({
    id: `instrumentation.${transport}.ratio`,
    label: `${transport}: ratio host/bare of median per-call latency (${calls.length} calls each)`,
    value: hostMedian / bareMedian,
    unit: '',
    spread: spread(chunkRatios),
    goal: GOAL,
    note: `spread over ${chunkRatios.length} chunks of ${CHUNK} paired calls; the host adds ${(hostMedian - bareMedian).toFixed(0)} us per call at the median${errors.bare + errors.host > 0 ? `; tool errors: bare ${errors.bare}, host ${errors.host}` : ''}`,
  });
  const commitMedian = median(commits);
  ctx.add({
    id: `instrumentation.${transport}.commit_us`,
    label: `${transport}: the step's durable commit inside each host call, median`,
    value: commitMedian,
    unit: 'us',
    spread: spread(commits),
    note: `${((100 * commitMedian) / hostMedian).toFixed(0)}% of the host's median round trip (${hostMedian.toFixed(0)} us); each call is committed before the agent sees its result`,
  });
}

await sectionMain('instrumentation', '1. Instrumentation overhead: tdo host + recording vs a bare SDK v2 client', async (ctx) => {
  const loaded = labSuite();
  const lab = serverOf(loaded, 'lab');
  const calls = labCalls(loaded, scaled(ctx, CALLS, CHUNK));
  ctx.note(
    `${calls.length} lab tool calls per variant (the lab suite's own calculator, read_file and unit_convert steps, cycled), in ${ROUNDS} rounds with fresh connections (fresh stdio server processes) and ${WARM_UP_CALLS} warm-up calls each; the variants alternate call by call; both negotiate the protocol in 'auto' mode`,
  );

  await compare(ctx, 'stdio', lab, calls);

  // One HTTP server process answers both clients, so both variants meet the same server.
  const server = await launchHttpServer({ ...lab, args: [...lab.args, '--http', '--port', '0'] }, inheritedEnv());
  try {
    await compare(ctx, 'http', { name: lab.name, url: server.url, headers: {} }, calls);
  } finally {
    await server.stop();
  }
});
