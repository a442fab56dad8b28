// One tool call keeps one shape (ToolCall, traces/types.ts) from the host that routed it to the reflective
// dataset: the same fields with the same values at the host, in the stored trajectory, in the optimizer's
// facts and in the dataset's row. The lab server runs twice under two names, so every tool name collides and
// the catalogue namespaces it: the name the agent called (`lab__calculator`) is not the tool's own name
// (`calculator`), and a stage that swapped the two or renamed a field fails here.
import { describe, expect, it, onTestFinished } from 'vitest';
import { factsFromTrajectory } from '../../../optimizer/adapter/facts.ts';
import { ToolReflector } from '../../../optimizer/adapter/reflection.ts';
import { scoreEpisode, targetFor, taskResult } from '../../../optimizer/adapter/targets.ts';
import type { Agent } from '../../../src/agents/agent.ts';
import { Host } from '../../../src/host/host.ts';
import { runEpisode } from '../../../src/run/episode.ts';
import type { ToolCall } from '../../../traces/index.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';
import { runInput } from '../../traces/helpers.ts';

const FIELDS = ['server', 'name', 'tool', 'args', 'output', 'isError', 'latencyMs'] as const satisfies ReadonlyArray<keyof ToolCall>;
const fieldsOf = (call: ToolCall) => Object.fromEntries(FIELDS.map((f) => [f, call[f]]));

/** Calls a tool that works, one whose server refuses the arguments, and a name no server has. */
const scripted: Agent = {
  id: 'sim',
  async run(ctx) {
    await ctx.tools.call('lab__calculator', { expression: '6 * 7' });
    await ctx.tools.call('twin__calculator', { expression: 'six times seven' });
    const last = await ctx.tools.call('web_search', { query: 'notes total' });
    return { answer: last.text, stop: 'answered' };
  },
};

describe('a tool call on its way from the host to the reflective dataset', () => {
  it('keeps the same fields with the same values at the host, in the trajectory, in the facts and in the dataset', async () => {
    const lab = labSuite().suite.servers.find((s) => s.name === 'lab')!;
    const servers = [lab, { ...lab, name: 'twin' }];
    const host = await Host.connect(servers);
    onTestFinished(() => host.close());
    const store = tempStore();
    onTestFinished(() => store.close());
    const suite = labSuite({ taskIds: ['notes-sum'], servers }).suite;
    const task = suite.tasks[0]!;
    const run = store.createRun(runInput({ split: 'val', repeats: 1, seed: 0, versionIds: {} }));

    // the episode keeps each call exactly as the host handed it over
    const outcome = await runEpisode(store, host, scripted, { runId: run.id, suite, task, repeat: 0, randomSeed: 0, catalogue: host.catalogue() });
    const atHost = outcome.calls;
    expect(atHost).toMatchObject([
      { server: 'lab', name: 'lab__calculator', tool: 'calculator', args: { expression: '6 * 7' }, output: '42', isError: false },
      { server: 'twin', name: 'twin__calculator', tool: 'calculator', args: { expression: 'six times seven' }, isError: true },
      { server: '', name: 'web_search', tool: 'web_search', args: { query: 'notes total' }, isError: true },
    ]);

    const trajectory = store.getTrajectory(outcome.episodeId)!;
    const stored = trajectory.steps.flatMap((s) => (s.kind === 'tool' ? [s] : []));
    for (const step of stored) expect(Object.keys(step).sort()).toEqual([...FIELDS, 'id', 'episodeId', 'seq', 'startedAt', 'kind'].sort());
    expect(stored.map(fieldsOf)).toEqual(atHost.map(fieldsOf));

    const facts = factsFromTrajectory(task, trajectory);
    expect(facts.calls).toEqual(atHost.map(fieldsOf));

    const target = targetFor('success', 'lab');
    const texts = Object.fromEntries(host.servers.find((s) => s.server === 'lab')!.tools.map((t) => [t.name, t.description ?? '']));
    const [row] = new ToolReflector({ server: 'lab', target }).reflectiveDataset(texts, 'calculator', [taskResult(scoreEpisode(facts, target), 'lab')]);
    expect(row!.calls).toEqual(
      atHost.map((c) => ({
        name: c.name,
        server: c.server,
        component: c.server === 'lab' && c.tool === 'calculator',
        args: JSON.stringify(c.args),
        output: c.output,
        isError: c.isError,
      })),
    );
  }, 30_000);
});
