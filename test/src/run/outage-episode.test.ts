// An episode the infrastructure failed is an error with its cause, never a task failure.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Agent } from '../../../src/agents/agent.ts';
import type { Catalogue, ToolOutcome } from '../../../src/catalogue/catalogue-types.ts';
import type { Host } from '../../../src/host/host.ts';
import { liveToolCall, type LiveToolCall } from '../../../src/host/tool-call.ts';
import { runEpisode } from '../../../src/run/episode.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';
import { SUITE_RUN } from '../../support/run-settings.ts';

const catalogue: Catalogue = { tools: [{ name: 'read_file', server: 'lab', tool: 'read_file', description: 'Read a file.', inputSchema: { type: 'object' } }] };

/** A host whose one server answers each call with `outcome`. */
function hostAnswering(outcome: ToolOutcome): Host {
  const routes = {
    invoker: (_c: Catalogue, onCall: (call: LiveToolCall) => void) => ({
      call: async (name: string, args: Record<string, unknown>) => {
        onCall(liveToolCall({ server: 'lab', tool: name }, name, args, outcome, 1));
        return outcome;
      },
    }),
    close: async () => undefined,
  };
  return { episode: async () => routes } as unknown as Host;
}

/** Reads notes.txt and answers with whatever came back. */
const reader: Agent = {
  id: 'sim',
  async run(ctx) {
    const outcome = await ctx.tools.call('read_file', { path: 'notes.txt' });
    return { answer: outcome.text, stop: 'answered' };
  },
};

function setup() {
  const store = tempStore();
  onTestFinished(() => store.close());
  const suite = labSuite({ taskIds: ['notes-sum'] }).suite;
  const run = store.createRun({
    suite: suite.name,
    suitePath: '/x',
    agent: 'sim',
    split: 'val',
    repeats: 1,
    seed: 0,
    concurrency: 1,
    versionIds: {},
    ...SUITE_RUN,
  });
  const spec = { runId: run.id, suite, task: suite.tasks[0]!, repeat: 0, randomSeed: 1, catalogue };
  return { store, spec };
}

describe('an episode whose server did not answer', () => {
  it('ends as an error naming the server and the call, with no verdict and no scores', async () => {
    const { store, spec } = setup();
    const outcome = await runEpisode(
      store,
      hostAnswering({ text: 'Error calling read_file on lab: Connection closed', isError: true, unreachable: true }),
      reader,
      spec,
    );
    expect(outcome).toMatchObject({
      status: 'error',
      success: false,
      feedback: 'MCP server lab did not answer read_file: Error calling read_file on lab: Connection closed',
    });
    const t = store.getTrajectory(outcome.episodeId)!;
    expect(t.episode).toMatchObject({ status: 'error', success: null, stopReason: 'error' });
    expect(t.scores).toEqual([]);
    expect(t.steps).toHaveLength(1); // the call is on record all the same
  });

  it("is judged as usual when the server answered with its own error (the agent's mistake, not an outage)", async () => {
    const { store, spec } = setup();
    const outcome = await runEpisode(store, hostAnswering({ text: 'Error: no such file notes.txt', isError: true }), reader, spec);
    expect(outcome).toMatchObject({ status: 'completed', success: false });
    expect(store.getTrajectory(outcome.episodeId)!.scores.map((s) => s.name)).toContain('success');
  });
});
