import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/agents/agent.ts';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import type { Catalogue } from '../../../src/catalogue/catalogue-types.ts';
import { serverChoiceScores } from '../../../src/run/server-choice.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import type { EpisodeOutcome } from '../../../src/run/episode.ts';
import { createLabServerFactory, LAB_TOOL_NAMES } from '../../../servers/lab/server.ts';
import { createLabplusServerFactory } from '../../../servers/labplus/server.ts';
import { startHttpServer } from '../../../servers/common/http.ts';
import { loadDescriptions } from '../../../servers/common/descriptions.ts';
import { labSuite, REPO_ROOT, tempStore } from '../../support/lab-runs.ts';
import { join } from 'node:path';

const options = { split: 'val' as const, repeats: 1, seed: 7, concurrency: 2, versionIds: [] };

/** What an episode did, without ids and timings: the part that must not depend on the transport. */
function callsOf(outcomes: EpisodeOutcome[]) {
  return outcomes
    .map((o) => ({ task: o.taskId, success: o.success, calls: o.calls.map((c) => [c.server, c.tool, c.args, c.output, c.isError]) }))
    .sort((a, b) => a.task.localeCompare(b.task));
}

describe('runSuite on the lab suite', () => {
  const http: Array<{ url: string; close(): Promise<void> }> = [];
  beforeAll(async () => {
    const labDescriptions = await loadDescriptions(join(REPO_ROOT, 'servers/lab/descriptions.json'), LAB_TOOL_NAMES);
    const labplusDescriptions = await loadDescriptions(join(REPO_ROOT, 'servers/labplus/descriptions.json'), ['smart_compute'] as const);
    http.push(
      await startHttpServer(createLabServerFactory({ workspaceDir: join(REPO_ROOT, 'servers/lab/workspace'), descriptions: labDescriptions }), { port: 0 }),
    );
    http.push(await startHttpServer(createLabplusServerFactory({ descriptions: labplusDescriptions }), { port: 0 }));
  });
  afterAll(async () => {
    await Promise.all(http.map((h) => h.close()));
  });

  it('makes the same calls over stdio and over HTTP: switching transport is configuration only', async () => {
    const viaStdio: EpisodeOutcome[] = [];
    const viaHttp: EpisodeOutcome[] = [];
    const store = tempStore();
    await runSuite({ store, loaded: labSuite(), agent: new SimAgent(), options, onEpisode: (o) => viaStdio.push(o) });
    const httpSuite = labSuite({
      servers: [
        { name: 'lab', url: http[0]!.url, headers: {} },
        { name: 'labplus', url: http[1]!.url, headers: {} },
      ],
    });
    await runSuite({ store, loaded: httpSuite, agent: new SimAgent(), options, onEpisode: (o) => viaHttp.push(o) });
    expect(viaStdio.length).toBeGreaterThanOrEqual(16);
    expect(callsOf(viaHttp)).toEqual(callsOf(viaStdio));
    store.close();
  });

  it('stores exactly one tool step per call the agent made, and a scored, finished episode per task', async () => {
    const store = tempStore();
    const outcomes: EpisodeOutcome[] = [];
    const report = await runSuite({ store, loaded: labSuite(), agent: new SimAgent(), options, onEpisode: (o) => outcomes.push(o) });
    expect(report.status).toBe('completed');
    expect(report.episodes).toBe(outcomes.length);
    expect(report.success.rate).toBeGreaterThan(0);
    expect(report.success.rate).toBeLessThan(1);
    for (const o of outcomes) {
      const t = store.getTrajectory(o.episodeId)!;
      const toolSteps = t.steps.filter((s) => s.kind === 'tool');
      expect(toolSteps.map((s) => [s.server, s.tool, s.args, s.output, s.isError])).toEqual(
        o.calls.map((c) => [c.server, c.tool, c.args, c.output, c.isError]),
      );
      // every sim decision is recorded as a model step made by 'sim'
      expect(t.steps.filter((s) => s.kind === 'model').every((s) => s.model === 'sim')).toBe(true);
      expect(t.scores.map((s) => s.name).sort()).toEqual([
        'first_choice_share:lab',
        'first_choice_share:labplus',
        'success',
        'tool_precision',
        'tool_recall',
        'used_server:lab',
        'used_server:labplus',
      ]);
      // measured once, from the calls, by the one definition every report reads
      const choices = serverChoiceScores(
        ['lab', 'labplus'],
        o.calls.map((c) => ({ server: c.server, isError: c.isError })),
      );
      for (const c of choices) expect(t.scores.find((s) => s.name === c.name)?.value).toBe(c.value);
      expect(t.episode.success).toBe(o.success);
    }
    expect(report.toolCalls).toBe(outcomes.reduce((n, o) => n + o.calls.length, 0));
    store.close();
  });

  it('records what each server advertises as its seed version and substitutes a given version', async () => {
    const store = tempStore();
    const first = await runSuite({ store, loaded: labSuite({ taskIds: ['notes-sum'] }), agent: new SimAgent(), options });
    const seed = store.getVersion(first.versionIds.lab!)!;
    expect(seed.origin).toBe('seed');
    expect(Object.keys(seed.descriptions).sort()).toEqual([...LAB_TOOL_NAMES].sort());

    const edited = store.recordVersion({
      server: 'lab',
      descriptions: { ...seed.descriptions, read_file: 'Reads the memo.' },
      origin: 'manual',
      parents: [seed.id],
    });
    const seen: Catalogue[] = [];
    const catalogueSpy: Agent = { id: 'spy', run: async (ctx) => (seen.push(ctx.catalogue), { answer: null, stop: 'gave_up' }) };
    const second = await runSuite({
      store,
      loaded: labSuite({ taskIds: ['notes-sum'] }),
      agent: catalogueSpy,
      options: { ...options, versionIds: [edited.id] },
    });
    expect(second.versionIds.lab).toBe(edited.id);
    const tools = Object.fromEntries(seen[0]!.tools.map((t) => [t.name, t.description]));
    expect(tools.read_file).toBe('Reads the memo.');
    expect(tools.calculator).toBe(seed.descriptions.calculator);
    store.close();
  });

  it('answers the seed notes task with 69504 (sim agent, default seed)', async () => {
    const store = tempStore();
    const outcomes: EpisodeOutcome[] = [];
    await runSuite({
      store,
      loaded: labSuite({ taskIds: ['notes-sum'] }),
      agent: new SimAgent(),
      options: { ...options, seed: 0 },
      onEpisode: (o) => outcomes.push(o),
    });
    expect(store.getTrajectory(outcomes[0]!.episodeId)!.episode.answer).toBe('69504');
    expect(outcomes[0]!.calls.filter((c) => !c.isError).map((c) => c.tool)).toEqual(['read_file', 'calculator']);
    store.close();
  });

  it('refuses an unknown version and an empty split with clear errors', async () => {
    const store = tempStore();
    await expect(runSuite({ store, loaded: labSuite(), agent: new SimAgent(), options: { ...options, versionIds: ['lab-nope'] } })).rejects.toThrow(
      /unknown description version "lab-nope"/,
    );
    await expect(runSuite({ store, loaded: labSuite({ taskIds: [] }), agent: new SimAgent(), options })).rejects.toMatchObject({ kind: 'input' });
    store.close();
  });
});
