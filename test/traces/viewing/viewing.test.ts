// The viewer's queries: pages read one row past the page to know more follow, filters combine, and a finished run's
// sums are kept until a resume makes it run again.
import { describe, expect, it } from 'vitest';
import { ANSWERED, handRun, startHandEpisode } from '../../support/hand-recorded.ts';
import { tempStore } from '../../support/lab-runs.ts';

const FAILED = { ...ANSWERED, success: false, feedback: 'wrong' } as const;

describe('the viewer queries', () => {
  it('pages a run by task and repeat, saying whether more follow, and combines filters', () => {
    const store = tempStore();
    const runId = handRun(store);
    for (const task of ['c', 'a', 'b']) store.finishEpisode(startHandEpisode(store, runId, task), task === 'b' ? FAILED : ANSWERED);
    const first = store.episodePage(runId, {}, { limit: 2, offset: 0 });
    expect(first.rows.map((e) => e.taskId)).toEqual(['a', 'b']);
    expect(first.more).toBe(true);
    const last = store.episodePage(runId, {}, { limit: 2, offset: 2 });
    expect(last).toMatchObject({ rows: [{ taskId: 'c', tools: ['add'], success: true }], more: false });
    expect(store.episodePage(runId, { failed: true, tool: 'add' }, { limit: 50, offset: 0 }).rows.map((e) => e.taskId)).toEqual(['b']);
    expect(store.episodePage(runId, { failed: true, task: 'a' }, { limit: 50, offset: 0 }).rows).toEqual([]);
    expect(store.episodePage(runId, { tool: 'subtract' }, { limit: 50, offset: 0 }).rows).toEqual([]);
    store.close();
  });

  it("keeps a finished run's outcomes, and counts them again once a resume runs it", () => {
    const store = tempStore();
    const runId = handRun(store);
    store.finishEpisode(startHandEpisode(store, runId, 'a'), ANSWERED);
    expect(store.runOutcomes(runId)).toMatchObject({ episodes: 1, successes: 1, running: 0 });
    store.setRunStatus(runId, 'completed');
    expect(store.runOutcomes(runId).episodes).toBe(1);
    expect(store.runPage({ status: 'completed' }, { limit: 10, offset: 0 }).rows.map((r) => r.outcomes.episodes)).toEqual([1]);
    store.setRunStatus(runId, 'running');
    startHandEpisode(store, runId, 'b');
    expect(store.runOutcomes(runId)).toMatchObject({ episodes: 2, running: 1 });
    store.setRunStatus(runId, 'interrupted');
    expect(store.runOutcomes(runId)).toMatchObject({ episodes: 2, running: 1 });
    expect(store.runFacets()).toEqual({ kinds: ['suite'], suites: ['hand'], statuses: ['interrupted'], agents: ['sim'] });
    store.close();
  });
});
