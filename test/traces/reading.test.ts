import { describe, expect, it } from 'vitest';
import type { TraceStore } from '../../traces/index.ts';
import { finished, openTempStore, runInput, toolStep } from './helpers.ts';

/** A run with: t1 (success, 2 tool calls, one an error), t2 (failure, 1 call), t3 (error), t4 (running). */
function seedRun(store: TraceStore) {
  const run = store.createRun(runInput());
  const start = (taskId: string) => store.startEpisode({ runId: run.id, taskId, split: 'train', repeat: 0, seed: 1 });
  const t1 = start('t1');
  store.addModelStep(t1.id, { model: 'm', input: 1, output: 1, latencyMs: 1 });
  store.addToolStep(t1.id, toolStep('search'));
  store.addToolStep(t1.id, toolStep('fetch', true));
  store.finishEpisode(t1.id, finished(true));
  const t2 = start('t2');
  store.addToolStep(t2.id, toolStep('search'));
  store.finishEpisode(t2.id, finished(false));
  const t3 = start('t3');
  store.addToolStep(t3.id, { ...toolStep('search', true), server: 'labplus' });
  store.finishEpisode(t3.id, { ...finished(false), status: 'error', stop: 'error', note: 'model timed out' });
  const t4 = start('t4');
  store.addToolStep(t4.id, toolStep('search'));
  return { run, t1, t2, t3, t4 };
}

describe('reading traces', () => {
  it('lists episodes newest first with their tool-call counts', async () => {
    const store = await openTempStore();
    const { run, t1, t2, t3, t4 } = seedRun(store);
    const listed = store.listEpisodes({ runId: run.id });
    expect(listed.map((e) => [e.id, e.toolCalls])).toEqual([
      [t4.id, 1],
      [t3.id, 1],
      [t2.id, 1],
      [t1.id, 2],
    ]);
    expect(listed[2]).toMatchObject({ taskId: 't2', status: 'completed', success: false });
  });

  it('filters episodes by run, by failure and by limit', async () => {
    const store = await openTempStore();
    const { run, t1, t2, t3 } = seedRun(store);
    const other = seedRun(store);

    expect(store.listEpisodes({ runId: run.id, failed: true }).map((e) => e.id)).toEqual([t3.id, t2.id]);
    expect(store.listEpisodes({ runId: run.id, failed: false }).map((e) => e.id)).toEqual([t1.id]);
    expect(store.listEpisodes({ runId: run.id, limit: 2 })).toHaveLength(2);
    expect(store.listEpisodes({})).toHaveLength(8);
    expect(store.listEpisodes({ limit: 1 }).map((e) => e.id)).toEqual([other.t4.id]);
    expect(store.listEpisodes({ runId: 'r-00000000' })).toEqual([]);
  });

  it('counts tool selections and errors per server and tool', async () => {
    const store = await openTempStore();
    const { run } = seedRun(store);
    seedRun(store); // another run's calls must not be counted
    expect(store.toolSelectionCounts(run.id)).toEqual([
      { server: 'lab', tool: 'search', calls: 3, errors: 0 },
      { server: 'lab', tool: 'fetch', calls: 1, errors: 1 },
      { server: 'labplus', tool: 'search', calls: 1, errors: 1 },
    ]);
    expect(store.toolSelectionCounts('r-00000000')).toEqual([]);
  });

  it('summarises a run', async () => {
    const store = await openTempStore();
    const { run } = seedRun(store);
    seedRun(store);
    expect(store.runSummary(run.id)).toEqual({ episodes: 4, completed: 2, errors: 1, successes: 1, toolCalls: 5 });
    expect(store.runSummary('r-00000000')).toEqual({
      episodes: 0,
      completed: 0,
      errors: 0,
      successes: 0,
      toolCalls: 0,
    });
  });

  it('returns undefined for the trajectory of an unknown episode', async () => {
    const store = await openTempStore();
    seedRun(store);
    expect(store.getTrajectory('e-000000000000')).toBeUndefined();
  });
});
