import { describe, expect, it } from 'vitest';
import { searchParts } from '../../cli/search-parts.ts';
import { isTdoError } from '../../src/errors.ts';

function refusal(settings: Parameters<typeof searchParts>[0]): unknown {
  try {
    searchParts(settings, 'r1');
  } catch (err) {
    return err;
  }
  return undefined;
}

describe("a search's agents and proposer, read from its settings", () => {
  it('reads --agents, else --agent, and the proposer', () => {
    expect(searchParts({ agent: { kind: 'sim' }, proposer: { kind: 'llm', model: 'm' } })).toEqual({
      agents: [{ kind: 'sim' }],
      proposer: { kind: 'llm', model: 'm' },
    });
    const agents = [
      { kind: 'sim', persona: 'a' },
      { kind: 'llm', model: 'x', maxSteps: 4 },
    ];
    expect(searchParts({ agent: agents[0]!, agents, proposer: { kind: 'sim' } }).agents).toEqual(agents);
  });

  it('refuses stored settings no agent or proposer is built from, naming the run and the field (as a resume reads them)', () => {
    const badAgent = refusal({ agent: { kind: 'gpt' }, proposer: { kind: 'sim' } });
    expect(isTdoError(badAgent, 'input') && badAgent.message).toMatch(
      /^optimize run r1 stores agent or proposer settings this release cannot read: agent\.kind: /,
    );
    const badSteps = refusal({ agent: { kind: 'sim' }, agents: [{ kind: 'sim' }, { kind: 'llm', maxSteps: 0 }], proposer: { kind: 'sim' } });
    expect(isTdoError(badSteps, 'input') && badSteps.message).toMatch(/agents\.1\.maxSteps: /);
    // the demo's searches store a proposer `tdo optimize --resume` cannot rebuild
    const demoProposer = refusal({ agent: { kind: 'sim' }, proposer: { kind: 'demo' } });
    expect(isTdoError(demoProposer, 'input') && demoProposer.message).toMatch(/: proposer\.kind: /);
  });
});
