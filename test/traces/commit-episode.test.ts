import { describe, expect, it } from 'vitest';
import type { EpisodeRecord } from '../../traces/index.ts';
import { tempStore } from '../support/lab-runs.ts';
import { SUITE_RUN } from '../support/run-settings.ts';

function recordOf(runId: string, id: string, success: boolean): EpisodeRecord {
  const at = new Date().toISOString();
  return {
    episode: { id, runId, taskId: 't1', split: 'val', repeat: 0, seed: 1, startedAt: at, finishedAt: at },
    result: { status: 'completed', answer: '42', success, feedback: 'expected 42', stop: 'answer' },
    steps: [
      { kind: 'model', startedAt: at, step: { model: 'sim', input: { q: 1 }, output: { a: 2 }, latencyMs: 1 } },
      {
        kind: 'tool',
        startedAt: at,
        step: { server: 'lab', tool: 'calculator', name: 'calculator', args: { expression: '6*7' }, output: '42', isError: false, latencyMs: 3 },
      },
    ],
    scores: [{ name: 'success', value: success ? 1 : 0 }],
  };
}

describe('commitEpisode', () => {
  it('stores an episode run elsewhere whole, and a duplicate of a finished one not at all', () => {
    const store = tempStore();
    const run = store.createRun({
      suite: 's',
      suitePath: 's.yaml',
      agent: 'sim',
      split: 'val',
      repeats: 1,
      seed: 0,
      concurrency: 1,
      versionIds: {},
      ...SUITE_RUN,
    });
    expect(store.commitEpisode(recordOf(run.id, 'e-000000000001', true))).toBe(true);
    expect(store.commitEpisode(recordOf(run.id, 'e-000000000001', false))).toBe(false);
    const t = store.getTrajectory('e-000000000001')!;
    expect(t.episode).toMatchObject({ status: 'completed', success: true, answer: '42' });
    expect(t.steps.map((s) => [s.seq, s.kind])).toEqual([
      [0, 'model'],
      [1, 'tool'],
    ]);
    expect(t.scores.map((s) => [s.name, s.value])).toEqual([['success', 1]]);
    expect(store.listEpisodes({ runId: run.id })).toHaveLength(1);
    store.close();
  });

  it('replaces an errored attempt of the same task and repeat', () => {
    const store = tempStore();
    const run = store.createRun({
      suite: 's',
      suitePath: 's.yaml',
      agent: 'sim',
      split: 'val',
      repeats: 1,
      seed: 0,
      concurrency: 1,
      versionIds: {},
      ...SUITE_RUN,
    });
    const errored = recordOf(run.id, 'e-000000000002', false);
    expect(
      store.commitEpisode({
        ...errored,
        result: { status: 'error', answer: null, success: null, feedback: 'worker lost', stop: 'error', note: 'worker lost' },
        steps: [],
        scores: [],
      }),
    ).toBe(true);
    expect(store.commitEpisode(recordOf(run.id, 'e-000000000002', true))).toBe(true);
    expect(store.listEpisodes({ runId: run.id }).map((e) => e.status)).toEqual(['completed']);
    store.close();
  });
});
