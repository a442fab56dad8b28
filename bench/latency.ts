// Issue 17, items 1 and 2: how close `tdo optimize --agent llm --proposer llm` comes to the bound that model
// latency sets, and whether the shared rate limiter (--rpm) lets a run finish against an endpoint's rate limit.
// The model is the OpenAI double (test/support/openai-double.ts) answering every call after a fixed latency,
// playing the lab suite and the reflection prompt (bench/lib/lab-model.ts): a scripted model, not an LLM.
// The bound: agent calls x latency / concurrency (episodes in flight), plus proposer calls x latency (the
// proposer runs between evaluations, one call at a time). Wall-clock is the whole `tdo optimize` process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { openTraceStore } from '../traces/index.ts';
import { OPTIMIZE_DEFAULTS } from '../optimizer/search/defaults.ts';
import { inFlight, type InFlight } from './lib/in-flight.ts';
import { isReflection, labModel } from './lib/lab-model.ts';
import { labSuite } from './lib/lab.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { scratchDir } from './lib/temp.ts';
import { chatRequestBodySchema, startOpenAiDouble, type OpenAiDoubleOptions } from '../test/support/openai-double.ts';

const TDO = fileURLToPath(new URL('../bin/tdo.js', import.meta.url));
const LATENCY_MS = 500;
const BUDGET = 120;
const CONCURRENCIES = [1, 4, 8, 16];
const GOAL_AT = 8;
/** tdo optimize's default minibatch: the episodes one mutation's parent and child each ask for */
const MINIBATCH = OPTIMIZE_DEFAULTS.minibatch;
const GOAL = { op: '<=', target: 1.3 } as const;
/** The endpoint's limit for the limiter runs: well under what 8 episodes in flight ask for at 500 ms a call (960 a minute). */
const ENDPOINT_RPM = 240;

const reportSchema = z.looseObject({
  run_id: z.string(),
  status: z.string(),
  budget_used: z.number(),
  report_calls: z.number(),
  paraphrase_calls: z.number().optional(),
  iterations: z.number(),
});

interface Measured {
  seconds: number;
  exitCode: number | null;
  /** answered calls (each held for the latency), by who made them */
  agentCalls: number;
  proposerCalls: number;
  /** requests the endpoint refused with 429 */
  refused: number;
  /** agent calls in flight against the concurrency (seconds) */
  pool: InFlight;
  /** seconds with no model call in flight: start-up, servers, our own work between calls */
  idle: number;
  /** of `idle`, the seconds before the first model request and after the last answer */
  beforeFirst: number;
  afterLast: number;
  erroredEpisodes: number;
  episodes: number;
  report: z.infer<typeof reportSchema> | undefined;
  stderrTail: string;
}

async function optimizeAgainstDouble(concurrency: number, budget: number, doubleOptions: OpenAiDoubleOptions, extraArgs: string[] = []): Promise<Measured> {
  const double = await startOpenAiDouble(labModel(labSuite()), doubleOptions);
  const db = join(scratchDir('latency'), 'tdo.db');
  const args = ['optimize', '--target', 'success', '--suite', 'lab', '--server', 'lab', '--agent', 'llm', '--model', 'lab-double', '--proposer', 'llm'];
  args.push('--budget', String(budget), '--concurrency', String(concurrency), '--no-cache', '--db', db, '--json', ...extraArgs);
  const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'bench-key' };
  for (const name of ['TDO_DB', 'TDO_CONFIG', 'LANGFUSE_PUBLIC_KEY', 'LANGFUSE_SECRET_KEY', 'LANGFUSE_BASE_URL']) delete env[name];
  const started = performance.now();
  const child = spawn(process.execPath, [TDO, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const wall = (performance.now() - started) / 1000;
  await double.close();

  const answered = double.requests.filter((r) => r.reply.status === 200);
  const byProposer = answered.filter((r) => {
    const body = chatRequestBodySchema.safeParse(r.body);
    return body.success && isReflection(body.data);
  });
  const reflections = byProposer.length;
  const seconds = (r: { arrivedAt: number; repliedAt: number }) => ({ start: r.arrivedAt / 1000, end: r.repliedAt / 1000 });
  const pool = inFlight(answered.filter((r) => !byProposer.includes(r)).map(seconds), concurrency);
  const store = openTraceStore(db);
  const episodes = store.listEpisodes({});
  store.close();
  const parsed = exitCode === 0 ? reportSchema.safeParse(JSON.parse(stdout)) : undefined;
  return {
    seconds: wall,
    exitCode,
    pool,
    idle: wall - inFlight(answered.map(seconds), 1).busy,
    // the double runs in this process: its clock is this process's performance.now()
    beforeFirst: (Math.min(...double.requests.map((r) => r.arrivedAt)) - started) / 1000,
    afterLast: (started + wall * 1000 - Math.max(...double.requests.map((r) => r.repliedAt))) / 1000,
    agentCalls: answered.length - reflections,
    proposerCalls: reflections,
    refused: double.requests.filter((r) => r.reply.status === 429).length,
    erroredEpisodes: episodes.filter((e) => e.status === 'error').length,
    episodes: episodes.length,
    report: parsed?.success ? parsed.data : undefined,
    stderrTail: stderr.trim().split('\n').at(-1) ?? '',
  };
}

function boundSeconds(m: Measured, concurrency: number): number {
  return ((m.agentCalls * LATENCY_MS) / concurrency + m.proposerCalls * LATENCY_MS) / 1000;
}

function describeRun(m: Measured): string {
  const r = m.report;
  const search =
    r === undefined
      ? `exit ${m.exitCode}: ${m.stderrTail}`
      : `${r.iterations} iterations, ${r.budget_used} + ${r.report_calls + (r.paraphrase_calls ?? 0)} report episodes`;
  return `${m.agentCalls} agent calls, ${m.proposerCalls} proposer calls, ${m.episodes} episodes (${m.erroredEpisodes} errored), ${search}`;
}

function describePool(m: Measured, concurrency: number): string {
  return `agent calls in flight: mean ${m.pool.meanWhileBusy.toFixed(1)} of ${concurrency} over ${m.pool.busy.toFixed(1)} s, all ${concurrency} for ${m.pool.full.toFixed(1)} s; no model call in flight for ${m.idle.toFixed(1)} s (${m.beforeFirst.toFixed(1)} s before the first, ${m.afterLast.toFixed(1)} s after the last)`;
}

/** One row of the table: episodes in flight, and mutations tried at once (--parallel-iterations). */
interface Setting {
  concurrency: number;
  parallel: number;
}

/**
 * Each concurrency with the sequential search, and from 4 up also with enough mutations at once to fill the
 * slots with their minibatches (concurrency / minibatch, rounded up): the search a user would run against a
 * slow endpoint. The goal is judged on the latter at concurrency 8.
 */
const SETTINGS: Setting[] = CONCURRENCIES.flatMap((concurrency) =>
  concurrency === 1
    ? [{ concurrency, parallel: 1 }]
    : [
        { concurrency, parallel: 1 },
        { concurrency, parallel: Math.ceil(concurrency / MINIBATCH) },
      ],
);

async function latencyTable(ctx: SectionContext, budget: number): Promise<void> {
  for (const { concurrency, parallel } of SETTINGS) {
    const name = `concurrency ${String(concurrency).padStart(2)}, --parallel-iterations ${parallel}`;
    const id = `latency.c${concurrency}${parallel === 1 ? '' : `.p${parallel}`}`;
    ctx.log(`tdo optimize at ${name}`);
    const m = await optimizeAgainstDouble(concurrency, budget, { latency: { fixedMs: LATENCY_MS } }, ['--parallel-iterations', String(parallel)]);
    if (m.report === undefined) {
      ctx.add({ id: `${id}.ratio`, label: `${name}: wall-clock over the bound`, value: null, unit: 'x', note: `the run failed: ${describeRun(m)}` });
      continue;
    }
    const bound = boundSeconds(m, concurrency);
    ctx.add({
      id: `${id}.seconds`,
      label: `${name}: wall-clock`,
      value: m.seconds,
      unit: 's',
      note: `bound ${bound.toFixed(1)} s (${m.agentCalls} x ${LATENCY_MS} ms / ${concurrency} + ${m.proposerCalls} x ${LATENCY_MS} ms); ${describeRun(m)}; ${describePool(m, concurrency)}`,
    });
    ctx.add({
      id: `${id}.ratio`,
      label: `${name}: wall-clock over the bound`,
      value: m.seconds / bound,
      unit: 'x',
      ...(concurrency === GOAL_AT && parallel > 1 ? { goal: GOAL } : {}),
    });
    // what the search itself makes of the latency, without the process's start-up and shutdown around it
    ctx.add({
      id: `${id}.search_ratio`,
      label: `${name}: first model call to last answer, over the bound`,
      value: (m.seconds - m.beforeFirst - m.afterLast) / bound,
      unit: 'x',
      note: `start-up before the first model call ${m.beforeFirst.toFixed(1)} s`,
    });
  }
}

async function limiterRuns(ctx: SectionContext, budget: number): Promise<void> {
  const endpoint: OpenAiDoubleOptions = { latency: { fixedMs: LATENCY_MS }, rateLimit: { requests: ENDPOINT_RPM } };
  ctx.log(`against an endpoint limit of ${ENDPOINT_RPM} requests a minute, concurrency ${GOAL_AT}, without --rpm`);
  const without = await optimizeAgainstDouble(GOAL_AT, budget, endpoint);
  ctx.add({
    id: 'latency.ratelimit.without.refused',
    label: `endpoint limit ${ENDPOINT_RPM}/min, no limiter: 429 answers`,
    value: without.refused,
    unit: '',
    note: `${without.report === undefined ? 'the run did not finish' : `finished (${without.report.status})`} after ${without.seconds.toFixed(1)} s; ${describeRun(without)}`,
  });
  ctx.log(`the same with --rpm ${ENDPOINT_RPM}`);
  const withLimiter = await optimizeAgainstDouble(GOAL_AT, budget, endpoint, ['--rpm', String(ENDPOINT_RPM)]);
  ctx.add({
    id: 'latency.ratelimit.with.refused',
    label: `endpoint limit ${ENDPOINT_RPM}/min, --rpm ${ENDPOINT_RPM}: 429 answers`,
    value: withLimiter.refused,
    unit: '',
    note: `${withLimiter.report === undefined ? 'the run did not finish' : `finished (${withLimiter.report.status})`}; ${describeRun(withLimiter)}`,
  });
  const calls = withLimiter.agentCalls + withLimiter.proposerCalls;
  // the limit allows one request per 60/RPM s; the latency bound still holds beneath it
  const rateBound = Math.max(boundSeconds(withLimiter, GOAL_AT), (calls * 60) / ENDPOINT_RPM);
  ctx.add({
    id: 'latency.ratelimit.with.seconds',
    label: `endpoint limit ${ENDPOINT_RPM}/min, --rpm ${ENDPOINT_RPM}: wall-clock`,
    value: withLimiter.seconds,
    unit: 's',
    note: `the rate limit bounds it at ${rateBound.toFixed(1)} s (${calls} calls at ${ENDPOINT_RPM} a minute): ${(withLimiter.seconds / rateBound).toFixed(2)}x; errored episodes ${withLimiter.erroredEpisodes}`,
  });
}

await sectionMain('latency', '6. Latency: tdo optimize (llm agent and proposer) against a model double answering in 500 ms', async (ctx) => {
  const budget = scaled(ctx, BUDGET, 10);
  ctx.note(
    `the model is the OpenAI double (test/support/openai-double.ts) playing the lab suite's plans and answering reflection prompts (bench/lib/lab-model.ts), ${LATENCY_MS} ms a call: a scripted model, not an LLM; budget ${budget}, --no-cache, lab suite; wall-clock is the whole tdo process (start-up, MCP servers, the search, the test and paraphrase reports)`,
  );
  ctx.note(
    "bound = agent calls x latency / concurrency + proposer calls x latency (sequential); calls are those the double answered. With --parallel-iterations N a round's proposals overlap, so a run may beat this bound",
  );
  await latencyTable(ctx, budget);
  await limiterRuns(ctx, budget);
});
