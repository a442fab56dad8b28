// Item 3 of issue 8: sim-agent lab episodes per second through runSuite (agent, host, recording, checks)
// at concurrency 1, 2 and 4 over stdio servers, against a bare loop that makes the same tool calls over
// bare SDK clients with no agent and no recording. runSuite starts its servers anew for every run, so the
// bare loop's goal comparison does too; the same loop on servers kept warm across rounds is shown beside it,
// since a server's JIT warm-up over a few hundred episodes roughly halves its CPU per call.
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { SimAgent } from '../src/agents/sim/agent.ts';
import { runPool } from '../src/run/pool.ts';
import { runSuite } from '../src/run/run-suite.ts';
import type { LoadedSuite } from '../src/suite/load.ts';
import { openTraceStore, type TraceStore } from '../traces/index.ts';
import { bareClient, labSuite, serverOf } from './lib/lab.ts';
import { scaled, sectionMain } from './lib/section.ts';
import { interleaved, median, pairedRatios, spread } from './lib/stats.ts';
import { childrenCpuMs, childrenCpuMsBetween } from './lib/proc-cpu.ts';
import { scratchDir } from './lib/temp.ts';

const CONCURRENCIES = [1, 2, 4];
const ROUNDS = 3;
/** Every lab task (90) x 4 repeats = 360 episodes per measurement. */
const REPEATS = 4;
const SEED = 8;
const RATE_GOAL = { op: '>=', target: 200 } as const;
/** Issue 17 item 4: at least half the bare loop's rate at concurrency 1 and 4. */
const RATIO_GOAL = { op: '>=', target: 0.5 } as const;

const VARIANTS = ['run', 'bare', 'bare_warm'] as const;
type Variant = (typeof VARIANTS)[number];
const VARIANT_LABELS: Record<Variant, string> = { run: 'runSuite', bare: 'bare loop', bare_warm: 'bare loop on warm servers' };

type EpisodeCalls = Array<{ server: string; tool: string; args: Record<string, unknown> }>;

interface Timed {
  episodes: number;
  seconds: number;
  /** CPU time of this process (user + system) over the timed span: the host's own work, which load on the machine barely changes */
  cpuSeconds: number;
  /** CPU time of this process's child processes (the servers) over the timed span; undefined without /proc */
  serversCpuSeconds: number | undefined;
  /** connecting the servers, before the first episode (runSuite only) */
  connectSeconds?: number;
}

async function timedRun(store: TraceStore, loaded: LoadedSuite, repeats: number, concurrency: number): Promise<Timed & { runId: string }> {
  const called = performance.now();
  let started = 0;
  let finished = 0;
  let episodes = 0;
  let cpuAtStart = process.cpuUsage();
  let cpuUsed = cpuAtStart;
  let serversAtStart = childrenCpuMs();
  let serversUsed: number | undefined;
  const report = await runSuite({
    store,
    loaded,
    agent: new SimAgent(),
    options: { split: 'all', repeats, seed: SEED, concurrency, versionIds: [] },
    onStart: () => {
      started = performance.now();
      cpuAtStart = process.cpuUsage();
      serversAtStart = childrenCpuMs();
    },
    onEpisode: () => {
      episodes++;
      finished = performance.now();
      cpuUsed = process.cpuUsage(cpuAtStart);
      // Read at every episode, since the servers are gone once runSuite returns.
      serversUsed = childrenCpuMsBetween(serversAtStart, childrenCpuMs());
    },
  });
  return {
    runId: report.runId,
    episodes,
    seconds: (finished - started) / 1000,
    cpuSeconds: cpuSecondsOf(cpuUsed),
    serversCpuSeconds: serversUsed === undefined ? undefined : serversUsed / 1000,
    connectSeconds: (started - called) / 1000,
  };
}

function cpuSecondsOf(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

/** The tool calls each episode of a run made, in order. */
function callsOfRun(store: TraceStore, runId: string): EpisodeCalls[] {
  return store
    .listEpisodes({ runId })
    .map((e) =>
      store
        .getTrajectory(e.id)!
        .steps.flatMap((s) => (s.kind === 'tool' ? [{ server: s.server, tool: s.tool, args: (s.args ?? {}) as Record<string, unknown> }] : [])),
    );
}

async function timedBareLoop(clients: Map<string, Client>, episodes: EpisodeCalls[], concurrency: number): Promise<Timed> {
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const serversAtStart = childrenCpuMs();
  await runPool(
    episodes,
    concurrency,
    async (calls) => {
      for (const c of calls) await clients.get(c.server)!.callTool({ name: c.tool, arguments: c.args });
    },
    () => false,
  );
  const serversUsed = childrenCpuMsBetween(serversAtStart, childrenCpuMs());
  return {
    episodes: episodes.length,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: cpuSecondsOf(process.cpuUsage(cpuAtStart)),
    serversCpuSeconds: serversUsed === undefined ? undefined : serversUsed / 1000,
  };
}

async function connectBare(loaded: LoadedSuite): Promise<Map<string, Client>> {
  const clients = new Map<string, Client>();
  for (const server of loaded.suite.servers) clients.set(server.name, await bareClient(serverOf(loaded, server.name)));
  return clients;
}

async function closeBare(clients: Map<string, Client>): Promise<void> {
  await Promise.allSettled([...clients.values()].map((c) => c.close()));
}

/** The bare loop on servers started for this measurement alone, as runSuite's are (connecting untimed). */
async function timedFreshBareLoop(loaded: LoadedSuite, episodes: EpisodeCalls[], concurrency: number): Promise<Timed> {
  const clients = await connectBare(loaded);
  try {
    return await timedBareLoop(clients, episodes, concurrency);
  } finally {
    await closeBare(clients);
  }
}

await sectionMain('rollouts', '3. Rollouts: sim-agent lab episodes per second, runSuite vs a bare loop of the same calls', async (ctx) => {
  const loaded = labSuite();
  const repeats = scaled(ctx, REPEATS);
  const store = openTraceStore(join(scratchDir('rollouts'), 'tdo.db'));
  const reference = await timedRun(store, loaded, repeats, 1);
  const plan = callsOfRun(store, reference.runId);
  const toolCalls = plan.reduce((n, calls) => n + calls.length, 0);
  ctx.note(
    `each measurement runs the ${loaded.suite.tasks.length} lab tasks x ${repeats} repeats = ${plan.length} episodes (${toolCalls} tool calls, seed ${SEED}); ` +
      `runSuite is timed from its first episode to its last (server start-up is reported apart); the bare loop replays the calls the sim agent made, ` +
      `episode by episode, over one bare SDK v2 client per server (stdio), with the same pool, on servers started for each measurement as runSuite's are ` +
      `(connecting untimed), and again on servers kept warm since the section began; ${ROUNDS} rounds per concurrency, variants alternating`,
  );

  const warmClients = await connectBare(loaded);
  const connects: number[] = [];
  try {
    await timedBareLoop(warmClients, plan, 1); // warm-up for the warm servers, as the reference run was for runSuite's code
    for (const concurrency of CONCURRENCIES) {
      const rates: Record<Variant, number[]> = { run: [], bare: [], bare_warm: [] };
      const cpuMs: Record<Variant, number[]> = { run: [], bare: [], bare_warm: [] };
      const serversCpuMs: Record<Variant, number[]> = { run: [], bare: [], bare_warm: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const variant of interleaved(VARIANTS, round)) {
          const timed =
            variant === 'run'
              ? await timedRun(store, loaded, repeats, concurrency)
              : variant === 'bare'
                ? await timedFreshBareLoop(loaded, plan, concurrency)
                : await timedBareLoop(warmClients, plan, concurrency);
          if (timed.episodes !== plan.length) throw new Error(`${variant} ran ${timed.episodes} episodes, expected ${plan.length}`);
          if (timed.connectSeconds !== undefined) connects.push(timed.connectSeconds);
          rates[variant].push(timed.episodes / timed.seconds);
          cpuMs[variant].push((timed.cpuSeconds * 1000) / timed.episodes);
          if (timed.serversCpuSeconds !== undefined) serversCpuMs[variant].push((timed.serversCpuSeconds * 1000) / timed.episodes);
        }
      }
      ctx.add({
        id: `rollouts.c${concurrency}.run_eps`,
        label: `concurrency ${concurrency}: runSuite (sim agent, host, recording, checks)`,
        value: median(rates.run),
        unit: 'episodes/s',
        spread: spread(rates.run),
        goal: RATE_GOAL,
      });
      ctx.add({
        id: `rollouts.c${concurrency}.bare_eps`,
        label: `concurrency ${concurrency}: bare loop of the same calls, servers started anew as runSuite's are`,
        value: median(rates.bare),
        unit: 'episodes/s',
        spread: spread(rates.bare),
      });
      ctx.add({
        id: `rollouts.c${concurrency}.bare_warm_eps`,
        label: `concurrency ${concurrency}: bare loop of the same calls, servers kept warm`,
        value: median(rates.bare_warm),
        unit: 'episodes/s',
        spread: spread(rates.bare_warm),
      });
      const ratios = pairedRatios(rates.run, rates.bare);
      ctx.add({
        id: `rollouts.c${concurrency}.ratio`,
        label: `concurrency ${concurrency}: ratio runSuite/bare (servers started anew in both)`,
        value: median(ratios),
        unit: '',
        spread: spread(ratios),
        goal: RATIO_GOAL,
      });
      const warmRatios = pairedRatios(rates.run, rates.bare_warm);
      ctx.add({
        id: `rollouts.c${concurrency}.ratio_warm`,
        label: `concurrency ${concurrency}: ratio runSuite/bare on warm servers (runSuite's started anew)`,
        value: median(warmRatios),
        unit: '',
        spread: spread(warmRatios),
      });
      for (const variant of VARIANTS) {
        ctx.add({
          id: `rollouts.c${concurrency}.${variant}_cpu_ms`,
          label: `concurrency ${concurrency}: ${VARIANT_LABELS[variant]}, this process's CPU per episode (servers apart)`,
          value: median(cpuMs[variant]),
          unit: 'ms',
          spread: spread(cpuMs[variant]),
        });
        if (serversCpuMs[variant].length > 0) {
          ctx.add({
            id: `rollouts.c${concurrency}.${variant}_servers_cpu_ms`,
            label: `concurrency ${concurrency}: ${VARIANT_LABELS[variant]}, the servers' CPU per episode`,
            value: median(serversCpuMs[variant]),
            unit: 'ms',
            spread: spread(serversCpuMs[variant]),
          });
        }
      }
    }
  } finally {
    await closeBare(warmClients);
    store.close();
  }
  ctx.add({
    id: 'rollouts.connect_s',
    label: 'runSuite start-up (starting and connecting the lab and labplus stdio servers)',
    value: median(connects),
    unit: 's',
    spread: spread(connects),
  });
});
