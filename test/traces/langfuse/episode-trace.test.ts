import { describe, expect, it } from 'vitest';
import { traceTags } from '../../../traces/langfuse/episode-trace.ts';
import type { RunRow } from '../../../traces/types.ts';

const run = (settings: unknown): RunRow => ({
  id: 'r-1',
  createdAt: '2026-11-29T00:00:00Z',
  finishedAt: null,
  status: 'completed',
  suiteName: 'market',
  suitePath: 'market.yaml',
  agentId: 'sim',
  split: 'val',
  repeats: 1,
  seed: 0,
  concurrency: 1,
  versionIds: { 'mega-depot': 'mega-depot-1' },
  kind: 'suite',
  settings,
  suiteCheck: null,
});

const OPTIONS = { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] };

describe('traceTags', () => {
  it('tags the agent, suite, versions and the conditions the run used', () => {
    expect(traceTags(run({ options: OPTIONS, agent: {}, conditions: { limit_in: 'token', injection: 'on' } }))).toEqual([
      'agent:sim',
      'suite:market',
      'version:mega-depot=mega-depot-1',
      'condition:injection=on,limit_in=token',
    ]);
  });

  it('has no condition tag for a suite without conditions', () => {
    expect(traceTags(run({ options: OPTIONS, agent: {}, conditions: {} }))).not.toContainEqual(expect.stringMatching(/^condition:/));
  });
});
