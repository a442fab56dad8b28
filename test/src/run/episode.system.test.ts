import { describe, expect, it, onTestFinished } from 'vitest';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import { TraceStoreError } from '../../../traces/index.ts';
import type { SuiteRunStore } from '../../../src/run/store-port.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';

const options = { split: 'val' as const, repeats: 1, seed: 0, concurrency: 1, versionIds: [] };

describe('recording an episode', () => {
  it('never leaves a finished episode without its scores: a failed score write leaves it to be redone', async () => {
    const store = tempStore();
    onTestFinished(() => store.close());
    const failing: SuiteRunStore = {
      ...store,
      addScore(episodeId, score) {
        if (score.name === 'tool_recall') throw new Error('disk full');
        store.addScore(episodeId, score);
      },
    };
    const loaded = labSuite({ taskIds: ['notes-sum'] });
    await expect(runSuite({ store: failing, loaded, agent: new SimAgent(), options })).rejects.toThrow('disk full');

    const [run] = store.listRuns(1);
    const [attempt] = store.listEpisodes({ runId: run!.id });
    // the steps committed one by one are there; the result and the scores written before the failure are not
    expect(store.getTrajectory(attempt!.id)).toMatchObject({ episode: { status: 'running', success: null }, scores: [] });
    expect(store.getTrajectory(attempt!.id)?.steps.length).toBeGreaterThan(0);

    const resumed = await runSuite({ store, loaded, agent: new SimAgent(), options, resumeRunId: run!.id });
    expect(resumed).toMatchObject({ status: 'completed', ranNow: 1, episodes: 1, success: { successes: 1, n: 1, rate: 1 } });
    expect(Object.keys(resumed.scoreTotals)).toEqual([
      'success',
      'tool_precision',
      'tool_recall',
      ...['lab', 'labplus'].flatMap((s) => [`first_choice_share:${s}`, `used_server:${s}`]),
    ]);
    expect(resumed.scoreTotals.success).toEqual({ episodes: 1, sum: 1 });
  });

  it('a step the store refuses ends the run with the store error, never an episode of "agent failed" (issue 34)', async () => {
    const store = tempStore();
    onTestFinished(() => store.close());
    const corrupt = new TraceStoreError(`trace store ${store.path}: was found corrupt while in use (database disk image is malformed)`);
    const failing: SuiteRunStore = {
      ...store,
      addToolStep() {
        throw corrupt;
      },
    };
    const loaded = labSuite({ taskIds: ['notes-sum'] });
    await expect(runSuite({ store: failing, loaded, agent: new SimAgent(), options })).rejects.toBe(corrupt);

    const [run] = store.listRuns(1);
    const [attempt] = store.listEpisodes({ runId: run!.id });
    expect(attempt).toMatchObject({ status: 'running', feedback: null });
  });
});
