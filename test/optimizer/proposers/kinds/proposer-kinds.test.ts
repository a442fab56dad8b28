import { describe, expect, it } from 'vitest';
import {
  describeProposer,
  isSimulatedProposerId,
  PROPOSER_KIND_NAMES,
  PROPOSER_KINDS,
  proposerConfigSchema,
  proposerKindOfId,
} from '../../../../optimizer/proposers/kinds/proposer-kinds.ts';
import { isTdoError } from '../../../../src/errors.ts';
import type { ChatModel } from '../../../../src/models/chat-client.ts';

const chat = (model: string): ChatModel => ({ model, complete: () => Promise.reject(new Error('no call in this test')) });

describe('PROPOSER_KINDS, the one list of proposer kinds', () => {
  it('is what --proposer and a search stores take', () => {
    expect(PROPOSER_KIND_NAMES).toEqual(['sim', 'llm']);
    expect(proposerConfigSchema.shape.kind.options).toEqual(PROPOSER_KIND_NAMES);
    expect(proposerConfigSchema.safeParse({ kind: 'demo' }).success).toBe(false);
  });

  it.each(PROPOSER_KIND_NAMES)('builds a %s proposer whose id is of its own kind, calling only the models it counts', (name) => {
    const kind = PROPOSER_KINDS[name];
    const settings = kind.takesModel ? { model: 'm' } : {};
    const called: string[] = [];
    const proposer = kind.create(settings, (model) => (called.push(model), chat(model)));
    expect(proposerKindOfId(proposer.id)).toBe(kind);
    expect(called).toEqual(kind.models(settings));
    expect(kind.simulated).toBe(called.length === 0);
  });

  it('refuses an LLM proposer without a model, with what to fix', () => {
    const refused = (() => {
      try {
        PROPOSER_KINDS.llm.check({});
      } catch (err) {
        return err;
      }
    })();
    expect(isTdoError(refused, 'input') && refused.message).toBe('--proposer llm needs a model: --proposer-model NAME (or --model NAME)');
    expect(() => PROPOSER_KINDS.sim.check({})).not.toThrow();
  });

  it('marks a rule-based proposer in every label, and leaves an id of no known kind as it is', () => {
    expect(describeProposer('sim')).toBe('sim (rule-based edits read off the trajectories, not an LLM)');
    expect(isSimulatedProposerId('sim')).toBe(true);
    for (const id of ['llm:gpt-4o', 'demo']) {
      expect(describeProposer(id)).toBe(id);
      expect(isSimulatedProposerId(id)).toBe(false);
    }
    expect(proposerKindOfId('sim')?.recurringJobsOnly).toBe(true);
    expect(proposerKindOfId('llm:gpt-4o')?.recurringJobsOnly).toBe(false);
  });
});
