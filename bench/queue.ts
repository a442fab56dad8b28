// Issue 16: LLM-agent lab episodes per second in this process against 1, 2 and 4 local `tdo worker`
// processes on a Redis queue, with every model call answered by the OpenAI double after 200 ms (a model's
// response time, which is what a real grid waits on), and what the queue adds to each episode.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent } from '../cli/agents.ts';
import { NAMESPACE_SEPARATOR } from '../src/host/catalogue.ts';
import { EpisodeQueue } from '../src/run/queue/episode-queue.ts';
import { parseQueueAddress } from '../src/run/queue/queue-address.ts';
import { runSuite } from '../src/run/run-suite.ts';
import type { LoadedSuite } from '../src/suite/load.ts';
import { openTraceStore, type TraceStore } from '../traces/index.ts';
import { callTool, finalAnswer, startOpenAiDouble, toolResultsOf, turnOf, type ReplyHandler } from '../test/support/openai-double.ts';
import { redisMissing, startRedis } from '../test/support/redis-server.ts';
import { TDO_BIN } from '../test/support/lab-runs.ts';
import { labSuite } from './lib/lab.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { interleaved, median, pairedRatios, spread } from './lib/stats.ts';
import { scratchDir } from './lib/temp.ts';

const MODEL_LATENCY_MS = 200;
const WORKER_COUNTS = [1, 2, 4];
/** episodes in flight: in this process, and on each worker */
const CONCURRENCY = 4;
const ROUNDS = 3;
/** the 22 val tasks x 4 repeats = 88 episodes per measurement */
const REPEATS = 4;
const MODEL = 'bench-model';
const AGENT_CONFIG = { kind: 'llm', model: MODEL } as const;
/** An in-process agent asks the endpoint every time, as a worker does: a replayed answer would skip the latency. */
const NO_RESPONSE_CACHE = { cacheGet: () => undefined, cachePut: () => undefined };

/**
 * A model that plays a lab task plausibly in two calls: it calls the tool of the task's first reference step
 * with that step's arguments, then answers with what the tool returned.
 */
function labPlayer(loaded: LoadedSuite): ReplyHandler {
  return (body) => {
    const prompt = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const step = loaded.suite.tasks.find((t) => t.prompt === prompt)?.plan[0];
    if (turnOf(body) > 0 || step === undefined) return finalAnswer(`The answer is ${toolResultsOf(body).at(-1) ?? 'unknown'}.`);
    const offered = (body.tools ?? []).map((t) => t.function.name);
    const tool = offered.find((name) => step.tools.some((t) => name === t || name.endsWith(`${NAMESPACE_SEPARATOR}${t}`)));
    return tool === undefined ? finalAnswer('No tool fits this question.') : callTool(tool, step.args);
  };
}

/**
 * Episodes a run may lose to an outage and still count: on a loaded machine the double's HTTP server now and then
 * closes a kept-alive connection just as a client reuses it ("other side closed", which the model client does not
 * retry), which says nothing of the queue. Rates count completed episodes only.
 */
const MAX_ERROR_RATE = 0.1;

interface Timed {
  episodes: number;
  errored: number;
  seconds: number;
}

/** One run of the workload, timed from its first episode to its last (server start-up apart). */
async function timedRun(store: TraceStore, loaded: LoadedSuite, repeats: number, executor?: EpisodeQueue['executor']): Promise<Timed> {
  let started = 0;
  let finished = 0;
  let episodes = 0;
  const report = await runSuite({
    store,
    loaded,
    agent: createAgent(AGENT_CONFIG, NO_RESPONSE_CACHE),
    agentConfig: { ...AGENT_CONFIG },
    options: { split: 'val', repeats, seed: 16, concurrency: CONCURRENCY, versionIds: [] },
    maxErrorRate: MAX_ERROR_RATE,
    ...(executor === undefined ? {} : { executor }),
    onStart: () => (started = performance.now()),
    onEpisode: () => {
      episodes++;
      finished = performance.now();
    },
  });
  if (report.status !== 'completed')
    throw new Error(
      `a ${executor === undefined ? 'in-process' : 'queue'} run ended ${report.status} with ${report.errors.errors} errored episodes: ${report.errors.causes.map((c) => c.cause).join('; ')}`,
    );
  return { episodes, errored: report.errors.errors, seconds: (finished - started) / 1000 };
}

/** How long a `tdo worker` may take to start before the bench gives up on it (it loads the suite and connects). */
const WORKER_START_MS = 60_000;

/** A `tdo worker` process, resolved once it says it takes episodes (its banner: "taking episodes of SUITES from URL"). */
async function startWorker(url: string, name: string, env: NodeJS.ProcessEnv, config: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [TDO_BIN, 'worker', '--queue', url, '--suite', 'lab', '--config', config, '--name', name, '--concurrency', String(CONCURRENCY)],
    {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tdo worker ${name} did not start within ${WORKER_START_MS / 1000} s:\n${said}`)), WORKER_START_MS);
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('tdo worker: taking episodes of')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tdo worker ${name} exited (${code}) before it took episodes:\n${said}`));
    });
  }).catch((err: unknown) => {
    child.kill('SIGTERM');
    throw err;
  });
  return child;
}

async function measure(ctx: SectionContext): Promise<void> {
  const loaded = labSuite();
  const repeats = scaled(ctx, REPEATS);
  const model = await startOpenAiDouble(labPlayer(loaded), { latency: { fixedMs: MODEL_LATENCY_MS } });
  const env = { ...process.env, OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'bench-key' };
  Object.assign(process.env, { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'bench-key' });
  const redis = await startRedis();
  const queue = await EpisodeQueue.open(parseQueueAddress(redis.url));
  const scratch = scratchDir('queue');
  const store = openTraceStore(join(scratch, 'tdo.db'));
  // A worker runs the LLM agent only on the model its own config names.
  const workerConfig = join(scratch, 'worker.tdo.config.json');
  writeFileSync(workerConfig, JSON.stringify({ agent: { model: MODEL } }));
  const workers: ChildProcess[] = [];
  try {
    const episodes = loaded.suite.tasks.filter((t) => t.split === 'val').length * repeats;
    ctx.note(
      `each measurement runs the lab suite's val tasks x ${repeats} repeats = ${episodes} episodes with the llm agent; every model call is answered by the ` +
        `OpenAI double (test/support/openai-double.ts) after ${MODEL_LATENCY_MS} ms, playing each task in two calls (the first reference step's tool, then an answer); ` +
        `${CONCURRENCY} episodes in flight in this process, and ${CONCURRENCY} on each \`tdo worker\` process; each run is timed from its first episode to its last ` +
        `(server start-up apart); workers are started before, and warmed up by one untimed run; ${ROUNDS} rounds per worker count, in-process and queue alternating`,
    );
    await timedRun(store, loaded, repeats); // warm-up of this process's code and servers
    const inProcess: number[] = [];
    const errored: Record<'local' | 'queue', number> = { local: 0, queue: 0 };
    for (const count of WORKER_COUNTS) {
      while (workers.length < count) workers.push(await startWorker(redis.url, `bench-${workers.length + 1}`, env, workerConfig));
      await timedRun(store, loaded, repeats, queue.executor); // warm-up: each new worker connects its servers on its first episodes
      const rates: Record<'local' | 'queue', number[]> = { local: [], queue: [] };
      const perEpisode: Record<'local' | 'queue', number[]> = { local: [], queue: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const variant of interleaved(['local', 'queue'] as const, round)) {
          const timed = await timedRun(store, loaded, repeats, variant === 'queue' ? queue.executor : undefined);
          if (timed.episodes !== episodes) throw new Error(`${variant} ran ${timed.episodes} episodes, expected ${episodes}`);
          errored[variant] += timed.errored;
          rates[variant].push((timed.episodes - timed.errored) / timed.seconds);
          // the wall time one of the in-flight slots spends per episode
          perEpisode[variant].push((timed.seconds * 1000 * CONCURRENCY * (variant === 'queue' ? count : 1)) / (timed.episodes - timed.errored));
        }
      }
      inProcess.push(...rates.local);
      ctx.add({
        id: `queue.w${count}.eps`,
        label: `${count} worker${count === 1 ? '' : 's'} x ${CONCURRENCY} in flight, through the queue`,
        value: median(rates.queue),
        unit: 'episodes/s',
        spread: spread(rates.queue),
      });
      const ratios = pairedRatios(rates.queue, rates.local);
      ctx.add({
        id: `queue.w${count}.ratio`,
        label: `${count} worker${count === 1 ? '' : 's'}: ratio queue/in-process (paired rounds)`,
        value: median(ratios),
        unit: '',
        spread: spread(ratios),
      });
      if (count === 1) {
        // Same episodes in flight either way, so the difference per episode is what the queue adds to each.
        const overhead = perEpisode.queue.map((q, i) => q - perEpisode.local[i]!);
        ctx.add({
          id: 'queue.overhead_ms',
          label: `the queue's overhead per episode (1 worker against this process, ${CONCURRENCY} in flight each: slot time per episode, difference)`,
          value: median(overhead),
          unit: 'ms',
          spread: spread(overhead),
        });
        ctx.add({
          id: 'queue.local_episode_ms',
          label: `in this process: slot time per episode (2 model calls of ${MODEL_LATENCY_MS} ms, one tool call, recording)`,
          value: median(perEpisode.local),
          unit: 'ms',
          spread: spread(perEpisode.local),
        });
      }
    }
    ctx.add({
      id: 'queue.local.eps',
      label: `in this process, ${CONCURRENCY} in flight (every round above)`,
      value: median(inProcess),
      unit: 'episodes/s',
      spread: spread(inProcess),
    });
    ctx.add({ id: 'queue.errored.local', label: 'errored episodes over every timed in-process run (model endpoint outages)', value: errored.local, unit: '' });
    ctx.add({ id: 'queue.errored.queue', label: 'errored episodes over every timed queue run (model endpoint outages)', value: errored.queue, unit: '' });
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => (w.exitCode === null && w.signalCode === null ? new Promise((r) => w.once('exit', r)) : undefined)));
    await queue.close();
    store.close();
    await redis.stop();
    await model.close();
  }
}

await sectionMain(
  'queue',
  '16. The episode queue: llm-agent lab episodes per second in-process vs 1, 2 and 4 `tdo worker` processes (200 ms model)',
  async (ctx) => {
    const missing = redisMissing();
    if (missing !== undefined) {
      ctx.add({ id: 'queue.w1.eps', label: 'through the queue', value: null, unit: 'episodes/s', note: missing });
      return;
    }
    await measure(ctx);
  },
);
