// The evaluator's one pass per episode: each trajectory read once, scored once, and the target's score
// committed in the episode's own commit, so no finished episode ever lacks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/agents/agent.ts';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import { advertisedDescriptions } from '../../../src/host/catalogue.ts';
import { connectSuiteHost, type SuiteHost } from '../../../src/run/suite-host.ts';
import { McpEvaluator, type EvaluatorStore } from '../../../optimizer/adapter/evaluator.ts';
import { targetFor, type Target } from '../../../optimizer/adapter/targets.ts';
import type { TraceStore } from '../../../traces/index.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';

const loaded = labSuite();
const suite = loaded.suite;
const taskIds = suite.tasks
  .filter((t) => t.split === 'val')
  .slice(0, 6)
  .map((t) => t.id);

let connected: SuiteHost;
let seedTexts: Record<string, string>;
beforeAll(async () => {
  connected = await connectSuiteHost(suite, { serverArgs: [], limitInToken: false });
  seedTexts = advertisedDescriptions(connected.host.servers.find((s) => s.server === 'lab')!);
}, 60_000);
afterAll(() => connected.host.close());

/** A store and an optimize run in it, with every trajectory read and every scoring counted. */
function setup(store: TraceStore = tempStore()) {
  const counts = { reads: 0, scorings: 0 };
  const run = store.createRun({
    suite: suite.name,
    suitePath: loaded.path,
    agent: 'sim',
    split: 'optimize',
    repeats: 1,
    seed: 0,
    concurrency: 2,
    versionIds: {},
    kind: 'optimize',
    settings: { optimize: {}, conditions: {} },
  });
  store.createOptimizerRun({ runId: run.id, target: 'selection', server: 'lab', seedVersionId: 'lab-seed' });
  return { store, run, counts };
}

function evaluator(store: TraceStore, runId: string, counts: { reads: number; scorings: number }, overrides: Partial<EvaluatorStore> = {}) {
  const inner = targetFor('selection', 'lab');
  const target: Target = { name: inner.name, score: (f) => (counts.scorings++, inner.score(f)) };
  const counted: EvaluatorStore = { ...store, getTrajectory: (id) => (counts.reads++, store.getTrajectory(id)), ...overrides };
  return new McpEvaluator({ store: counted, host: connected.host, agent: new SimAgent(), suite, runId, server: 'lab', target, randomSeed: 0, concurrency: 2 });
}

const request = { ordinal: 0, purpose: 'val' as const, iteration: 0, taskIds };

describe('McpEvaluator', () => {
  it('reads each episode once and scores it once, and the results carry what the episodes recorded', async () => {
    const { store, run, counts } = setup();
    const results = await evaluator(store, run.id, counts).evaluate({ ...request, texts: seedTexts });
    expect(counts).toEqual({ reads: taskIds.length, scorings: taskIds.length });
    for (const r of results) {
      const scores = new Map(store.getTrajectory(r.trace.episodeId)!.scores.map((s) => [s.name, s.value]));
      expect(r.score).toBe(scores.get('optimizer_selection'));
      expect(r.metrics).toEqual({
        success: scores.get('success'),
        first_choice_share: scores.get('first_choice_share:lab'),
        used_server: scores.get('used_server:lab'),
      });
      // the selection target is the recorded first-choice share
      expect(r.score).toBe(r.metrics['first_choice_share']);
    }
    store.close();
  }, 60_000);

  it('on resume reads the finished episodes back once each, runs nothing again and ends with the same results', async () => {
    const { store, run, counts } = setup();
    const first = await evaluator(store, run.id, counts).evaluate({ ...request, texts: seedTexts });
    const episodes = store.listEpisodes({ runId: run.id }).length;
    const again = { reads: 0, scorings: 0 };
    const resumed = await evaluator(store, run.id, again).evaluate({ ...request, texts: seedTexts });
    expect(store.listEpisodes({ runId: run.id })).toHaveLength(episodes);
    expect(again).toEqual({ reads: taskIds.length, scorings: taskIds.length });
    expect(resumed.map(({ trace: { verdict, episodeId }, score, metrics }) => ({ verdict, episodeId, score, metrics }))).toEqual(
      first.map(({ trace: { verdict, episodeId }, score, metrics }) => ({ verdict, episodeId, score, metrics })),
    );
    store.close();
  }, 60_000);

  it("commits the target's score with the episode: when writing it fails, the episode is not finished either", async () => {
    const { store, run, counts } = setup();
    let failed = 0;
    const failing = evaluator(store, run.id, counts, {
      addScore: (id, score) => {
        if (score.name === 'optimizer_selection' && failed++ === 2) throw new Error('killed while writing the target score');
        store.addScore(id, score);
      },
    });
    await expect(failing.evaluate({ ...request, texts: seedTexts })).rejects.toThrow(/killed while writing/);
    const finished = store.listEpisodes({ runId: run.id }).filter((e) => e.status === 'completed');
    expect(finished.length).toBeGreaterThan(0);
    for (const e of finished) expect(store.getTrajectory(e.id)!.scores.map((s) => s.name)).toContain('optimizer_selection');
    expect(store.listEpisodes({ runId: run.id }).some((e) => e.status === 'running')).toBe(true);
    store.close();
  }, 60_000);

  it('keeps every evaluation in flight at once within the slots it shares: concurrency bounds them together', async () => {
    const { store, run } = setup();
    const sim = new SimAgent();
    const seen = { now: 0, most: 0 };
    const counting: Agent = {
      id: sim.id,
      run: async (ctx) => {
        seen.most = Math.max(seen.most, ++seen.now);
        try {
          // hold the slot across a turn of the event loop, so overlapping episodes would show
          await new Promise((resolve) => setTimeout(resolve, 5));
          return await sim.run(ctx);
        } finally {
          seen.now--;
        }
      },
    };
    const shared = new McpEvaluator({
      store,
      host: connected.host,
      agent: counting,
      suite,
      runId: run.id,
      server: 'lab',
      target: targetFor('selection', 'lab'),
      randomSeed: 0,
      concurrency: 2,
    });
    const three = await Promise.all([0, 1, 2].map((ordinal) => shared.evaluate({ ...request, ordinal, texts: seedTexts })));
    expect(three.map((results) => results.length)).toEqual([taskIds.length, taskIds.length, taskIds.length]);
    expect(seen.most).toBe(2);
    store.close();
  }, 60_000);
});
