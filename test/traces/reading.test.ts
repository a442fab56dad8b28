import fc from 'fast-check';
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

  it('filters episodes by run, by failure, by outage and by limit', async () => {
    const store = await openTempStore();
    const { run, t1, t2, t3 } = seedRun(store);
    const other = seedRun(store);

    expect(store.listEpisodes({ runId: run.id, failed: true }).map((e) => e.id)).toEqual([t3.id, t2.id]);
    expect(store.listEpisodes({ runId: run.id, failed: false }).map((e) => e.id)).toEqual([t1.id]);
    expect(store.listEpisodes({ runId: run.id, errored: true }).map((e) => e.id)).toEqual([t3.id]);
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

  it('sums each score over the run, names in first-appearance order (newest episode first)', async () => {
    const store = await openTempStore();
    const { run, t1, t2, t3 } = seedRun(store);
    store.addScore(t1.id, { name: 'success', value: 1 });
    store.addScore(t1.id, { name: 'price', value: 0.25 });
    store.addScore(t2.id, { name: 'success', value: 0 });
    store.addScore(t2.id, { name: 'chosen:b', value: 1 });
    store.addScore(t3.id, { name: 'success', value: 0 });
    store.addScore(t3.id, { name: 'chosen:a', value: 1 });
    store.addScore(t3.id, { name: 'price', value: 0.5, comment: 'a second price' });
    const other = seedRun(store); // another run's scores must not be counted
    store.addScore(other.t1.id, { name: 'success', value: 1 });
    store.addScore(other.t1.id, { name: 'only_elsewhere', value: 7 });

    // t4 (still running) has no score at all and t1 lacks the chosen:* scores: missing ones are not zeros
    expect(store.scoreTotals(run.id)).toEqual([
      { name: 'success', episodes: 3, sum: 1 },
      { name: 'chosen:a', episodes: 1, sum: 1 },
      { name: 'price', episodes: 2, sum: 0.75 },
      { name: 'chosen:b', episodes: 1, sum: 1 },
    ]);
  });

  it('gives the score totals that reading every trajectory of the run would give', async () => {
    const store = await openTempStore();
    // eighths keep every sum exact, so the comparison needs no tolerance
    const score = fc.record({
      name: fc.constantFrom('success', 'selection', 'price', 'chosen:a', 'chosen:b'),
      value: fc.integer({ min: -16, max: 16 }).map((n) => n / 8),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(score, { maxLength: 4 }), { maxLength: 8 }), async (episodeScores) => {
        const run = store.createRun(runInput());
        episodeScores.forEach((scores, i) => {
          const episode = store.startEpisode({ runId: run.id, taskId: `t${i}`, split: 'train', repeat: 0, seed: i });
          for (const s of scores) store.addScore(episode.id, s);
        });
        const expected = new Map<string, { name: string; episodes: number; sum: number }>();
        for (const episode of store.listEpisodes({ runId: run.id })) {
          for (const s of store.getTrajectory(episode.id)!.scores) {
            const total = expected.get(s.name) ?? { name: s.name, episodes: 0, sum: 0 };
            expected.set(s.name, { ...total, episodes: total.episodes + 1, sum: total.sum + s.value });
          }
        }
        expect(store.scoreTotals(run.id)).toEqual([...expected.values()]);
      }),
      { numRuns: 40, seed: 8 },
    );
  });

  it('has no score totals for a run without scores, without episodes, or unknown', async () => {
    const store = await openTempStore();
    const { run } = seedRun(store);
    const empty = store.createRun(runInput());
    expect(store.scoreTotals(run.id)).toEqual([]);
    expect(store.scoreTotals(empty.id)).toEqual([]);
    expect(store.scoreTotals('r-00000000')).toEqual([]);
  });

  it('returns undefined for the trajectory of an unknown episode', async () => {
    const store = await openTempStore();
    seedRun(store);
    expect(store.getTrajectory('e-000000000000')).toBeUndefined();
  });

  it("lists a server's distinct successful tool results, newest first, by tool, up to a limit and cut to a length", async () => {
    const store = await openTempStore();
    seedRun(store);
    const run = store.createRun(runInput());
    const e = store.startEpisode({ runId: run.id, taskId: 't9', split: 'train', repeat: 0, seed: 1 });
    store.addToolStep(e.id, { ...toolStep('fetch'), output: 'the newest fetch' });
    const chars = 100;
    // errors and other servers' results are not the server's output
    expect(store.toolResults({ server: 'lab', chars })).toEqual(['the newest fetch', 'search result']);
    expect(store.toolResults({ server: 'lab', tools: ['search'], chars })).toEqual(['search result']);
    expect(store.toolResults({ server: 'lab', limit: 1, chars })).toEqual(['the newest fetch']);
    expect(store.toolResults({ server: 'labplus', chars })).toEqual([]);
    // results alike in their first characters are one
    expect(store.toolResults({ server: 'lab', chars: 4 })).toEqual(['the ', 'sear']);
    store.addToolStep(e.id, { ...toolStep('fetch'), output: 'the other fetch' });
    expect(store.toolResults({ server: 'lab', chars: 4 })).toEqual(['the ', 'sear']);
  });

  it('lists the results of more tools than a statement has variables (32,766), as lint asks for a version of 40,000 tools', async () => {
    const store = await openTempStore();
    seedRun(store);
    const tools = [...Array.from({ length: 40_000 }, (_, i) => `tool_${i}`), 'search'];
    expect(store.toolResults({ server: 'lab', tools, chars: 100 })).toEqual(['search result']);
  });
});
