// A runner checks its stop between episodes; Ctrl-C raises that stop from its signal handler, on the event loop. An
// episode that waits on no I/O (a selection-only task with the sim agent, a SQLite store) must still give the event
// loop a turn, or a loop over such episodes never sees the stop.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Agent } from '../../../src/agents/agent.ts';
import type { Catalogue } from '../../../src/catalogue/catalogue-types.ts';
import type { Host } from '../../../src/host/host.ts';
import { runEpisode } from '../../../src/run/episode.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';
import { handRun } from '../../support/hand-recorded.ts';

const catalogue: Catalogue = { tools: [] };
/** A host that routes nothing and waits on nothing. */
const idleHost = {
  episode: async () => ({ invoker: () => ({ call: async () => ({ text: '', isError: false }) }), close: async () => undefined }),
} as unknown as Host;
/** Answers at once, with no tool call and no model call. */
const instant: Agent = { id: 'sim', run: async () => ({ answer: '42', stop: 'answered' }) };

/** A fresh store with a run to hang episodes on, and the lab suite cut to its notes-sum task. */
function notesRun() {
  const store = tempStore();
  onTestFinished(() => store.close());
  return { store, suite: labSuite({ taskIds: ['notes-sum'] }).suite, runId: handRun(store) };
}

describe('runEpisode', () => {
  it('lets a stop raised on the event loop be seen before the next episode, though the episode waits on no I/O', async () => {
    const { store, suite, runId } = notesRun();
    let stop = false;
    // where Ctrl-C's handler runs: on the event loop, never between promise callbacks
    setImmediate(() => (stop = true));
    let ran = 0;
    while (!stop && ran < 50) {
      await runEpisode(store, idleHost, instant, { runId, suite, task: suite.tasks[0]!, repeat: ran, randomSeed: ran, catalogue });
      ran++;
    }
    expect(ran).toBe(1);
  });
});

describe('an episode whose server is gone after Ctrl-C', () => {
  it('is left unfinished as interrupted, not recorded as an outage: the signal killed the servers tdo started', async () => {
    const { store, suite, runId } = notesRun();
    const goneHost = {
      episode: async () => {
        throw new Error('cannot connect to MCP server "seller" (http://127.0.0.1:9/mcp): fetch failed (connect ECONNREFUSED)');
      },
    } as unknown as Host;
    const signal = AbortSignal.abort();
    const outcome = await runEpisode(store, goneHost, instant, { runId, suite, task: suite.tasks[0]!, repeat: 0, randomSeed: 0, catalogue, signal });
    expect(outcome.status).toBe('interrupted');
    expect(store.runSummary(runId).errors).toBe(0);
  });
});
