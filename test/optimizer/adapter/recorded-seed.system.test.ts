import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import { serverChoiceScores } from '../../../src/run/server-choice.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import { optimize, type OptimizeReport, type OptimizeSettings } from '../../../optimizer/search/optimize.ts';
import { recordedSeedResults, selectSeedEpisodes } from '../../../optimizer/adapter/recorded-seed.ts';
import { describeSkipped } from '../../../optimizer/adapter/skipped-seed.ts';
import { targetFor } from '../../../optimizer/adapter/targets.ts';
import { SimProposer } from '../../../optimizer/proposers/sim/proposer.ts';
import { runSettings, type TraceStore } from '../../../traces/index.ts';
import { SUITE_RUN } from '../../support/run-settings.ts';
import { labSuite, readFixture, tempStore } from '../../support/lab-runs.ts';
import { TdoError } from '../../../src/errors.ts';
import { labSearchSettings } from '../../support/search-settings.ts';

const loaded = labSuite();
const suite = loaded.suite;
const target = targetFor('success', 'lab');
const trainTasks = suite.tasks.filter((t) => t.split === 'train').map((t) => t.id);

let store: TraceStore;
/** lab's seed version (as its server advertises it) and two recorded runs of the train split, the seed at work */
let seedVersionId: string;
let trainRun: string;
let valRun: string;

/**
 * An episode recorded by hand: a run of `suite` with these versions, one finished episode of `taskId` that called
 * no tool, scored as tdo scores it unless `scored` is false (as an older tdo's episodes, imported later, are).
 */
function handRecorded(
  suiteName: string,
  versionIds: Record<string, string>,
  taskId: string,
  conditions?: Record<string, string>,
  agent = 'sim',
  scored = true,
): string {
  const settings = { ...SUITE_RUN.settings, ...(conditions === undefined ? {} : { conditions }) };
  const run = store.createRun({
    suite: suiteName,
    suitePath: loaded.path,
    agent,
    split: 'train',
    repeats: 1,
    seed: 0,
    concurrency: 1,
    versionIds,
    kind: 'suite',
    settings,
  });
  const episode = store.startEpisode({ runId: run.id, taskId, split: 'train', repeat: 0, seed: 0 });
  store.finishEpisode(episode.id, { status: 'completed', answer: '1', success: false, feedback: 'wrong', stop: 'answered' });
  if (scored) for (const score of serverChoiceScores(Object.keys(versionIds), [])) store.addScore(episode.id, score);
  store.setRunStatus(run.id, 'completed');
  return run.id;
}

const settings = (overrides: Partial<OptimizeSettings> = {}): OptimizeSettings => labSearchSettings(overrides);

beforeAll(async () => {
  store = tempStore();
  const run = (split: 'train' | 'val', repeats: number) =>
    runSuite({ store, loaded, agent: new SimAgent(), options: { split, repeats, seed: 3, concurrency: 4, versionIds: [] } });
  const train = await run('train', 2);
  trainRun = train.runId;
  seedVersionId = train.versionIds['lab']!;
  valRun = (await run('val', 1)).runId;
}, 120_000);
afterAll(() => store.close());

describe('selectSeedEpisodes', () => {
  const query = (runIds: string[], condition?: string) => ({ suite, server: 'lab', target, seedVersionId, condition, runIds });

  it('keeps one episode per train task, failures first, and says why the others are not used', () => {
    const selection = selectSeedEpisodes(store, query([trainRun]));
    const results = recordedSeedResults(store, { suite, server: 'lab', target, agentId: 'sim' }, selection.episodeIds);
    expect(results.map((r) => r.result.taskId).sort()).toEqual([...trainTasks].sort());
    expect(results.every((r) => r.comparable)).toBe(true); // recorded by the sim agent, as the search runs it
    const scores = results.map((r) => r.result.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores[0]).toBe(0); // the sim agent fails some lab tasks with the seed descriptions
    expect(selection.skipped).toHaveLength(trainTasks.length); // the second repeat of each task
    expect(selection.skipped.every((s) => /another episode of task/.test(s.reason))).toBe(true);
  });

  it("prefers a task's failed episode over its successful one", () => {
    const selection = selectSeedEpisodes(store, query([trainRun]));
    const used = new Set(selection.episodeIds);
    for (const taskId of trainTasks) {
      const episodes = store.listEpisodes({ runId: trainRun }).filter((e) => e.taskId === taskId);
      const chosen = episodes.find((e) => used.has(e.id))!;
      if (episodes.some((e) => e.success === false)) expect(chosen.success).toBe(false);
    }
  });

  it('skips val and test tasks, other suites, other descriptions and other conditions', () => {
    const other = store.recordVersion({ server: 'lab', descriptions: readFixture('lab-accurate-descriptions.json'), origin: 'manual' }).id;
    const runs = [
      valRun,
      handRecorded('market', { lab: seedVersionId }, trainTasks[0]!),
      handRecorded('lab', { lab: other }, trainTasks[0]!),
      handRecorded('lab', { labplus: 'labplus-x' }, trainTasks[0]!),
      handRecorded('lab', { lab: seedVersionId }, trainTasks[0]!, { mode: 'strict' }),
      handRecorded('lab', { lab: seedVersionId }, 'no-such-task'),
      handRecorded('lab', { lab: seedVersionId }, trainTasks[0]!, undefined, 'sim', false),
    ];
    const selection = selectSeedEpisodes(store, query(runs));
    expect(selection.episodeIds).toEqual([]);
    const reasons = selection.skipped.map((s) => s.reason);
    expect(reasons.filter((r) => /is in the val split; only train tasks feed reflection/.test(r))).toHaveLength(22);
    expect(reasons).toContain('recorded on suite "market", not "lab"');
    expect(reasons).toContain(`recorded with other descriptions of "lab" (version ${other}; the seed is ${seedVersionId})`);
    expect(reasons).toContain('its run did not connect server "lab"');
    expect(reasons).toContain('recorded under conditions mode=strict, the search runs under (none)');
    expect(reasons).toContain('task "no-such-task" is not in suite "lab"');
    expect(reasons).toContain('it records no first-choice share of "lab" (recorded by an older tdo)');
    expect(describeSkipped(selection.skipped)).toMatch(
      /^22 × task "…" is in the val split; only train tasks feed reflection; 1 × recorded on suite "…", not "…"/,
    );
  });

  it("uses another agent's episodes for reflection, but not as the seed's scores", () => {
    const byLlm = handRecorded('lab', { lab: seedVersionId }, trainTasks[0]!, undefined, 'llm:some-model');
    const selection = selectSeedEpisodes(store, query([byLlm]));
    expect(selection.episodeIds).toHaveLength(1);
    const [recorded] = recordedSeedResults(store, { suite, server: 'lab', target, agentId: 'sim' }, selection.episodeIds);
    expect(recorded).toMatchObject({ comparable: false, result: { taskId: trainTasks[0], score: 0 } });
    expect(recordedSeedResults(store, { suite, server: 'lab', target, agentId: 'llm:some-model' }, selection.episodeIds)[0]!.comparable).toBe(true);
  });

  it('refuses a run id the store does not have', () => {
    expect(() => selectSeedEpisodes(store, query(['r-missing']))).toThrow(/no run "r-missing"/);
  });
});

describe('optimize with recorded seed episodes', () => {
  const search = (overrides: Partial<Parameters<typeof optimize>[0]> = {}) =>
    optimize({
      store,
      loaded,
      agent: new SimAgent(),
      proposer: new SimProposer(),
      settings: settings(),
      reportTest: false,
      seedRuns: [trainRun],
      ...overrides,
    });

  let report: OptimizeReport;
  it('reflects first on the recorded failures and runs only the children on those tasks', async () => {
    report = await search();
    expect(report.seedData).toEqual({ episodes: trainTasks.length, otherAgent: 0, skipped: expect.any(Array) });
    const selection = selectSeedEpisodes(store, { suite, server: 'lab', target, seedVersionId, condition: undefined, runIds: [trainRun] });
    const proposals = store.listProposals(report.runId);
    const recorded = proposals.filter((p) => p.parentScores === 'recorded');
    expect(recorded.length).toBeGreaterThan(0);
    expect(proposals.slice(0, recorded.length)).toEqual(recorded);
    const recordedTasks = recordedSeedResults(store, { suite, server: 'lab', target, agentId: 'sim' }, selection.episodeIds).map((r) => r.result.taskId);
    expect(recorded.flatMap((p) => p.minibatch)).toEqual(recordedTasks.slice(0, recorded.length * 3));
    // the seed was never run on those minibatches: its only evaluation is on validation
    const seedRuns = store.listEpisodes({ runId: report.runId }).filter((e) => e.repeatIndex === 0);
    expect(seedRuns.every((e) => suite.tasks.find((t) => t.id === e.taskId)!.split === 'val')).toBe(true);
    expect(report.budgetUsed).toBe(store.listEpisodes({ runId: report.runId }).length);
  }, 120_000);

  it('a resumed search uses the episodes the run started with, and ends where an uninterrupted one does', async () => {
    const controller = new AbortController();
    const first = await search({ signal: controller.signal, onProgress: (p) => (p.budgetUsed >= 30 ? controller.abort() : undefined) });
    expect(first.status).toBe('interrupted');
    // as `tdo optimize --resume` does: the run's own settings, which hold the recorded episodes, and no seedRuns
    const stored = (runSettings(store.getRun(first.runId)!, 'optimize')?.optimize as OptimizeSettings | undefined)!;
    expect(stored.seedEpisodes).toHaveLength(trainTasks.length);
    const resumed = await optimize({
      store,
      loaded,
      agent: new SimAgent(),
      proposer: new SimProposer(),
      settings: stored,
      reportTest: false,
      resumeRunId: first.runId,
    });
    expect(resumed.seedData?.episodes).toBe(trainTasks.length);
    expect(resumed.best.descriptions).toEqual(report.best.descriptions);
    expect(resumed.budgetUsed).toBe(report.budgetUsed);
  }, 120_000);

  it('says why when none of the recorded episodes can stand for the seed, before creating a run', async () => {
    const runsBefore = store.listRuns(1000).length;
    const refusal = await search({ seedRuns: [valRun] }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(TdoError);
    expect(refusal).toMatchObject({ kind: 'input' });
    expect((refusal as Error).message).toMatch(
      /none of the recorded episodes \(runs r-[0-9a-f]+\) can stand for the seed of lab on suite "lab": 22 × task "…" is in the val split/,
    );
    expect(store.listRuns(1000)).toHaveLength(runsBefore);
  }, 60_000);
});
