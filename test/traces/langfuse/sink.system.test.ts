import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGFUSE_SDK_VERSION } from '@langfuse/core';
import { createTraceId } from '@langfuse/tracing';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import { runSuite, type RunReport } from '../../../src/run/run-suite.ts';
import type { TraceStore } from '../../../traces/index.ts';
import {
  agentObservationIdFor,
  exportRun,
  importFromLangfuse,
  LangfuseSink,
  scoreIdFor,
  traceIdFor,
  withLangfuse,
  type LangfuseConfig,
  type LangfuseSinkOptions,
} from '../../../traces/langfuse/index.ts';
import { MAX_LIST_PAGES } from '../../../traces/langfuse/reader.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';
import { LangfuseReceiver, RECEIVER_KEYS, refusingBaseUrl } from '../../support/langfuse-receiver.ts';
import { ANSWERED, handRun, startHandEpisode } from '../../support/hand-recorded.ts';

// Three lab tasks: one the sim agent answers via a labplus detour, ones with several steps.
const TASKS = ['dinner-tip', 'rent-split', 'grocery-receipt'];
const OPTIONS = { split: 'all' as const, repeats: 1, seed: 7, concurrency: 2, versionIds: [] };
// Small batches and short waits, so requests go out during the run and failures resolve quickly.
const FAST: LangfuseSinkOptions = { batchSize: 4, flushIntervalMs: 20, retry: { retries: 2, initialDelayMs: 10, maxDelayMs: 40 }, requestTimeoutMs: 10_000 };
const AUTH = `Basic ${Buffer.from(`${RECEIVER_KEYS.publicKey}:${RECEIVER_KEYS.secretKey}`).toString('base64')}`;

const stores: TraceStore[] = [];
function newStore(): TraceStore {
  const store = tempStore();
  stores.push(store);
  return store;
}
afterAll(() => {
  for (const s of stores) s.close();
});

function run(store: TraceStore): Promise<RunReport> {
  return runSuite({ store, loaded: labSuite({ taskIds: TASKS }), agent: new SimAgent(), options: OPTIONS });
}

async function runWithLangfuse(config: LangfuseConfig, options: LangfuseSinkOptions = FAST) {
  const store = newStore();
  const sink = LangfuseSink.open(config, options);
  const report = await run(withLangfuse(store, sink));
  return { store, report, sink };
}

/** Everything a run left in SQLite except ids, and (unless asked) timestamps and latencies. */
function snapshot(store: TraceStore, runId: string, { timings = false } = {}) {
  const run = store.getRun(runId)!;
  const episodes = store.listEpisodes({ runId }).map((e) => {
    const t = store.getTrajectory(e.id)!;
    const { id: _id, runId: _run, startedAt: _s, finishedAt: _f, ...episode } = t.episode;
    return {
      episode,
      steps: t.steps.map(({ id: _i, episodeId: _e, startedAt: _st, latencyMs, ...step }) => ({ ...step, ...(timings ? { latencyMs } : {}) })),
      scores: t.scores.map(({ id: _i, episodeId: _e, ...score }) => score).sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
  episodes.sort((a, b) => a.episode.taskId.localeCompare(b.episode.taskId));
  return { agent: run.agentId, suite: run.suiteName, split: run.split, seed: run.seed, versionIds: run.versionIds, status: run.status, episodes };
}

function stepCount(store: TraceStore, runId: string): { spans: number; scores: number } {
  const ts = store.listEpisodes({ runId }).map((e) => store.getTrajectory(e.id)!);
  return { spans: ts.reduce((n, t) => n + 1 + t.steps.length, 0), scores: ts.reduce((n, t) => n + t.scores.length, 0) };
}

let baseline: ReturnType<typeof snapshot>;
let receiver: LangfuseReceiver;

beforeAll(async () => {
  const store = newStore();
  baseline = snapshot(store, (await run(store)).runId);
  receiver = await LangfuseReceiver.start();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(() => {
  receiver.release();
});

describe('a run with Langfuse on', () => {
  let live: Awaited<ReturnType<typeof runWithLangfuse>>;
  let sent: { spans: number; scores: number };
  beforeAll(async () => {
    const before = receiver.spans.length;
    live = await runWithLangfuse(receiver.config);
    const delivery = await live.sink.close(10_000);
    sent = stepCount(live.store, live.report.runId);
    expect(delivery.spans).toMatchObject({ delivered: sent.spans, dropped: 0, pending: 0 });
    expect(delivery.scores).toMatchObject({ delivered: sent.scores, dropped: 0, pending: 0 });
    expect(receiver.spans.length - before).toBe(sent.spans);
  });

  it('leaves the same SQLite rows as a run without Langfuse', () => {
    expect(snapshot(live.store, live.report.runId)).toEqual(baseline);
  });

  it('sends one trace per episode: an agent observation with a generation or tool observation per step', () => {
    for (const summary of live.store.listEpisodes({ runId: live.report.runId })) {
      const t = live.store.getTrajectory(summary.id)!;
      const spans = receiver.spans.filter((s) => s.traceId === traceIdFor(t.episode.id));
      const root = spans.filter((s) => s.parentSpanId === undefined);
      expect(root).toHaveLength(1);
      expect(root[0]).toMatchObject({ spanId: agentObservationIdFor(t.episode.id), name: 'agent sim', scope: 'langfuse-sdk' });
      expect(root[0]!.attributes['langfuse.observation.type']).toBe('agent');
      const children = spans.filter((s) => s.parentSpanId === root[0]!.spanId);
      expect(children).toHaveLength(t.steps.length);
      expect(spans).toHaveLength(1 + t.steps.length); // nothing hangs below the steps
      const bySeq = [...children].sort(
        (a, b) => Number(a.attributes['langfuse.observation.metadata.seq']) - Number(b.attributes['langfuse.observation.metadata.seq']),
      );
      expect(bySeq.map((s) => s.attributes['langfuse.observation.type'])).toEqual(t.steps.map((s) => (s.kind === 'model' ? 'generation' : 'tool')));
      for (const span of spans) {
        expect(span.attributes).toMatchObject({
          'langfuse.trace.name': `lab/${t.episode.taskId}`,
          'session.id': live.report.runId,
          'langfuse.trace.metadata.episode_id': t.episode.id,
        });
        expect(span.attributes['langfuse.trace.tags']).toEqual(
          expect.arrayContaining(['agent:sim', 'suite:lab', ...Object.entries(live.report.versionIds).map(([s, v]) => `version:${s}=${v}`)]),
        );
      }
    }
  });

  it('gives tool observations the server, tool, arguments, result, error flag and latency, and generations the model and its input and output', () => {
    const t = live.store.getTrajectory(live.store.listEpisodes({ runId: live.report.runId })[0]!.id)!;
    const spans = receiver.spans.filter((s) => s.traceId === traceIdFor(t.episode.id));
    const at = (seq: number) => spans.find((s) => s.attributes['langfuse.observation.metadata.seq'] === String(seq))!;
    for (const step of t.steps) {
      const a = at(step.seq).attributes;
      if (step.kind === 'tool') {
        expect(a).toMatchObject({
          'langfuse.observation.metadata.server': step.server,
          'langfuse.observation.metadata.tool': step.tool,
          'langfuse.observation.metadata.isError': String(step.isError),
          'langfuse.observation.metadata.latencyMs': String(step.latencyMs),
          'langfuse.observation.output': step.output,
          'langfuse.observation.level': step.isError ? 'ERROR' : 'DEFAULT',
        });
        expect(JSON.parse(a['langfuse.observation.input'] as string)).toEqual(step.args);
      } else {
        expect(a['langfuse.observation.model.name']).toBe('sim');
        expect(JSON.parse(a['langfuse.observation.input'] as string)).toEqual(step.input);
        expect(JSON.parse(a['langfuse.observation.output'] as string)).toEqual(step.output);
      }
    }
  });

  it('scores each trace with the checker feedback as the comment, and authenticates every request', () => {
    for (const summary of live.store.listEpisodes({ runId: live.report.runId })) {
      const t = live.store.getTrajectory(summary.id)!;
      const success = receiver.scores.get(scoreIdFor(t.episode.id, 'success'))!;
      expect(success).toMatchObject({ traceId: traceIdFor(t.episode.id), value: t.episode.success ? 1 : 0, comment: t.episode.feedback });
      const firstChoice = t.scores.find((s) => s.name === 'first_choice_share:lab')!;
      expect(receiver.scores.get(scoreIdFor(t.episode.id, 'first_choice_share:lab'))).toMatchObject({ value: firstChoice.value, comment: firstChoice.comment });
    }
    const writes = receiver.requests.filter((r) => r.method === 'POST');
    expect(writes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/public/otel/v1/traces', '/api/public/ingestion']));
    expect(writes.every((r) => r.authorization === AUTH)).toBe(true);
  });

  it("sends spans with the SDK's headers and the one that selects Langfuse v4's ingestion path", () => {
    const spanWrites = receiver.requests.filter((r) => r.method === 'POST' && r.path === '/api/public/otel/v1/traces');
    expect(spanWrites.length).toBeGreaterThan(0);
    for (const write of spanWrites)
      expect(write.langfuseHeaders).toEqual({
        'x-langfuse-sdk-name': 'javascript',
        'x-langfuse-sdk-version': LANGFUSE_SDK_VERSION,
        'x-langfuse-public-key': RECEIVER_KEYS.publicKey,
        'x-langfuse-ingestion-version': '4',
      });
  });

  it('derives the trace id from the episode id as the SDK does, so anyone can find an episode in Langfuse', async () => {
    const episodeId = live.store.listEpisodes({ runId: live.report.runId })[0]!.id;
    expect(traceIdFor(episodeId)).toBe(await createTraceId(episodeId));
  });

  it('re-exporting the run sends the very same spans and scores: Langfuse ends up with no duplicates', async () => {
    const spansBefore = receiver.spans.length;
    const observations = receiver.observations.size;
    const scores = receiver.scores.size;
    const sink = LangfuseSink.open(receiver.config, FAST);
    expect(exportRun(live.store, live.report.runId, sink)).toBe(TASKS.length);
    const delivery = await sink.close(10_000);
    expect(delivery.spans).toMatchObject({ delivered: sent.spans, dropped: 0 });
    expect(delivery.scores).toMatchObject({ delivered: sent.scores, dropped: 0 });
    const key = (s: (typeof receiver.spans)[number]) =>
      JSON.stringify([s.spanId, s.traceId, s.parentSpanId, s.name, s.startTimeUnixNano, s.endTimeUnixNano, s.attributes]);
    const again = receiver.spans.slice(spansBefore).map(key).sort();
    const first = receiver.spans
      .slice(0, spansBefore)
      .filter((s) => s.attributes['session.id'] === live.report.runId)
      .map(key)
      .sort();
    expect(again).toEqual(first);
    expect(receiver.observations.size).toBe(observations);
    expect(receiver.scores.size).toBe(scores);
  });

  it('imports the run back from Langfuse as the same trajectories, marked imported; a second import adds nothing', async () => {
    const elsewhere = newStore();
    const report = await importFromLangfuse(elsewhere, receiver.config, { session: live.report.runId });
    expect(report.skipped).toEqual([]);
    expect(report.runs).toEqual([{ runId: expect.any(String), sourceRun: live.report.runId, added: TASKS.length, alreadyPresent: 0 }]);
    const imported = report.runs[0]!.runId;
    expect(snapshot(elsewhere, imported, { timings: true })).toEqual(snapshot(live.store, live.report.runId, { timings: true }));
    expect(elsewhere.getRun(imported)!).toMatchObject({ kind: 'imported' });
    expect(elsewhere.getRun(imported)!.settings).toMatchObject({ imported: { from: 'langfuse', baseUrl: receiver.baseUrl, sourceRun: live.report.runId } });

    const again = await importFromLangfuse(elsewhere, receiver.config, { session: live.report.runId });
    expect(again.runs).toEqual([{ runId: imported, sourceRun: live.report.runId, added: 0, alreadyPresent: TASKS.length }]);
    expect(elsewhere.listEpisodes({ runId: imported })).toHaveLength(TASKS.length);
  });

  it('imports by date: nothing started after the run, and all of it since before', async () => {
    const elsewhere = newStore();
    expect((await importFromLangfuse(elsewhere, receiver.config, { since: new Date(Date.now() + 60_000) })).runs).toEqual([]);
    const since = await importFromLangfuse(elsewhere, receiver.config, { since: new Date(Date.now() - 3_600_000) });
    expect(since.runs.map((r) => r.sourceRun)).toContain(live.report.runId);
  });

  it("fails the import with the server's refusal when the keys are wrong", async () => {
    await expect(importFromLangfuse(newStore(), { ...receiver.config, secretKey: 'wrong' }, { session: live.report.runId })).rejects.toThrow();
  });

  it.each([
    ['repeats a cursor', 'repeating', /handed out a cursor it had handed out before \(after 2 pages\), so its list would never end/, 2],
    ['hands out cursors without end', 'endless', /still handing out cursors after 1,000 pages of 100; tdo stopped there/, MAX_LIST_PAGES],
  ] as const)(
    'fails the import, naming the cause, when Langfuse %s, after a bounded number of pages',
    async (_how, paging, cause, pages) => {
      const listed = () => receiver.requests.filter((r) => r.path === '/api/public/v2/observations').length;
      const before = listed();
      receiver.paging = paging;
      try {
        await expect(importFromLangfuse(newStore(), receiver.config, { since: new Date(0) })).rejects.toThrow(cause);
      } finally {
        receiver.paging = 'honest';
      }
      expect(listed() - before).toBe(pages);
    },
    60_000,
  );
});

describe('a run while Langfuse is unavailable', () => {
  it('down (connection refused): same results and rows; everything counted as dropped', async () => {
    // A short request timeout: the OTLP exporter retries a refused connection within that time.
    const { store, report, sink } = await runWithLangfuse({ ...receiver.config, baseUrl: await refusingBaseUrl() }, { ...FAST, requestTimeoutMs: 1000 });
    expect(snapshot(store, report.runId)).toEqual(baseline);
    const delivery = await sink.close(10_000);
    const sent = stepCount(store, report.runId);
    expect(delivery.spans).toMatchObject({ delivered: 0, dropped: sent.spans, pending: 0 });
    expect(delivery.scores).toMatchObject({ delivered: 0, dropped: sent.scores, pending: 0 });
    expect(delivery.spans.lastError).toBeDefined();
  });

  it('failing (500): same results and rows; batches are retried, then counted as dropped', async () => {
    receiver.mode = { kind: 'fail', status: 500 };
    const before = receiver.requests.length;
    const { store, report, sink } = await runWithLangfuse(receiver.config);
    expect(snapshot(store, report.runId)).toEqual(baseline);
    const delivery = await sink.close(10_000);
    receiver.mode = { kind: 'ok' };
    const sent = stepCount(store, report.runId);
    expect(delivery.spans).toMatchObject({ delivered: 0, dropped: sent.spans });
    expect(delivery.scores).toMatchObject({ delivered: 0, dropped: sent.scores });
    const spanPosts = receiver.requests.slice(before).filter((r) => r.path === '/api/public/otel/v1/traces');
    const distinctBatches = new Set(spanPosts.map((r) => JSON.stringify(r.body)));
    expect(spanPosts.length).toBeGreaterThan(distinctBatches.size); // the same batch came more than once
  });

  it('slow (answers held back): the run finishes while its requests still wait; held spans arrive once Langfuse answers', async () => {
    receiver.mode = { kind: 'hold' };
    const answeredBefore = receiver.answered;
    const { store, report, sink } = await runWithLangfuse(receiver.config);
    // The run is over, yet Langfuse has answered none of its requests: it never waited for one. (Whether the
    // export worker had sent any by then depends on the machine's load; that it sends them is checked below.)
    expect(receiver.answered).toBe(answeredBefore);
    expect(snapshot(store, report.runId)).toEqual(baseline);

    const closing = sink.close(10_000);
    await vi.waitFor(() => expect(receiver.heldCount).toBeGreaterThan(0));
    receiver.release();
    const delivery = await closing;
    const sent = stepCount(store, report.runId);
    expect(delivery.spans).toMatchObject({ delivered: sent.spans, dropped: 0 });
    expect(delivery.scores).toMatchObject({ delivered: sent.scores, dropped: 0 });
  });

  it('counts what Langfuse still holds when the wait at the end runs out as dropped', async () => {
    receiver.mode = { kind: 'hold' };
    const { store, report, sink } = await runWithLangfuse(receiver.config);
    const delivery = await sink.close(50);
    receiver.release();
    const sent = stepCount(store, report.runId);
    expect(delivery.spans.delivered + delivery.spans.dropped).toBe(sent.spans);
    expect(delivery.spans.dropped).toBeGreaterThan(0);
    expect(delivery.spans.pending).toBe(0);
  });
});

describe('the export worker', () => {
  it('lets two sinks be open at once: each builds the spans in a worker of its own and counts its own (scores only when asked)', async () => {
    const store = newStore();
    const id = startHandEpisode(store, handRun(store), 'twice');
    store.finishEpisode(id, ANSWERED);
    store.addScore(id, { name: 'success', value: 1 });
    const sinks = [LangfuseSink.open(receiver.config, FAST), LangfuseSink.open(receiver.config, FAST)];
    const before = receiver.spans.length;
    sinks[0]!.exportEpisode(store.path, id);
    sinks[1]!.exportEpisode(store.path, id, { withScores: true });
    const [first, second] = await Promise.all(sinks.map((sink) => sink.close(10_000)));
    expect(first).toMatchObject({ spans: { delivered: 2, dropped: 0 }, scores: { delivered: 0, dropped: 0 } });
    expect(second).toMatchObject({ spans: { delivered: 2, dropped: 0 }, scores: { delivered: 1, dropped: 0 } });
    expect(receiver.spans.length - before).toBe(4);
  });

  it('counts an episode it cannot read as dropped and says why, without creating a store where there is none', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'tdo-langfuse-')), 'gone', 'tdo.db');
    const sink = LangfuseSink.open(receiver.config, FAST);
    sink.exportEpisode(missing, 'e-1');
    const delivery = await sink.close(10_000);
    expect(delivery.spans).toMatchObject({ delivered: 0, dropped: 1, lastError: expect.stringContaining(`could not read episode e-1: ${missing}: `) });
    expect(existsSync(dirname(missing))).toBe(false);
  });

  it('reports what it was handed as dropped when the worker dies, instead of failing the run', async () => {
    const sink = LangfuseSink.open(receiver.config, FAST);
    await sink.ready;
    sink.sendScore('e-1', { name: 'success', value: 1 });
    // Reaching into the sink: nothing outside it may stop its worker, but a worker can die (out of memory).
    await (sink as unknown as { worker: Worker }).worker.terminate();
    const delivery = await sink.close(10_000);
    expect(delivery.scores).toMatchObject({ delivered: 0, dropped: 1, lastError: expect.stringMatching(/^the Langfuse export worker stopped/) });
  });
});

describe('a generation with tokens and a cost', () => {
  it("carries Langfuse's usage and cost fields; a call without a price carries no cost", async () => {
    const store = newStore();
    const runId = handRun(store);
    const episodeId = startHandEpisode(store, runId, 'priced');
    const call = { input: [{ role: 'user', content: 'add 1 and 2' }], output: { role: 'assistant', content: '3' }, latencyMs: 5 };
    store.addModelStep(episodeId, { model: 'priced', ...call, tokensIn: 100, tokensOut: 20, cost: 0.00036 });
    store.addModelStep(episodeId, { model: 'unpriced', ...call, tokensIn: 90, tokensOut: 10 });
    store.finishEpisode(episodeId, ANSWERED);
    const sink = LangfuseSink.open(receiver.config, FAST);
    expect(exportRun(store, runId, sink)).toBe(1);
    await sink.close(10_000);
    const generations = [...receiver.observations.values()].filter((o) => o.traceId === traceIdFor(episodeId) && o.type === 'GENERATION');
    const of = (model: string) => generations.find((o) => o.model === model)!;
    expect(of('priced')).toMatchObject({ usageDetails: { input: 100, output: 20 }, costDetails: { total: 0.00036 } });
    expect(of('unpriced')).toMatchObject({ usageDetails: { input: 90, output: 10 }, costDetails: {} });

    // and they come back with the episode when it is imported
    const elsewhere = newStore();
    await importFromLangfuse(elsewhere, receiver.config, { session: runId });
    const [imported] = elsewhere.listEpisodes({});
    const steps = elsewhere.getTrajectory(imported!.id)!.steps.flatMap((s) => (s.kind === 'model' ? [[s.model, s.tokensIn, s.cost]] : []));
    expect(steps).toEqual([
      ['priced', 100, 0.00036],
      ['unpriced', 90, null],
    ]);
  });
});
