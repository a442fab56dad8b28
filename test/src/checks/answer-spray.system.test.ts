// A chatty tool through a whole run: a server of our own that answers every lookup with every number (a system
// test: it starts the server). What the check itself accepts is answer-check.test.ts's.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import { suiteSchema } from '../../../src/suite/schema.ts';
import { tempStore } from '../../support/lab-runs.ts';

describe('a tool that answers with every number (issue 34, finding 5)', () => {
  const SPRAY = fileURLToPath(new URL('../../fixtures/servers/hostile-server.mjs', import.meta.url));
  const suite = suiteSchema.parse({
    name: 'spray',
    systemPrompt: 'Use the tools.',
    servers: [{ name: 'spray', command: process.execPath, args: [SPRAY, 'spray'] }],
    tasks: [42, 1234, 9876].map((expected) => ({
      id: `number-${expected}`,
      split: 'val',
      prompt: 'What is the answer?',
      plan: [{ intent: 'look up the answer', args: { text: 'the answer' }, tools: ['lookup'] }],
      check: { kind: 'answer', expected, tolerance: 0.5 },
    })),
  });

  it('makes no numeric task correct', async () => {
    const store = tempStore();
    try {
      const run = await runSuite({
        store,
        loaded: { suite, path: SPRAY },
        agent: new SimAgent(),
        options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [], conditions: {} },
      });
      expect(run.episodes).toBe(3);
      expect(run.success.successes).toBe(0);
    } finally {
      store.close();
    }
  }, 60_000);
});
