import { describe, expect, it } from 'vitest';
import { simKind } from '../../../../src/agents/kinds/sim.ts';
import { isTdoError } from '../../../../src/errors.ts';

const noModel = () => {
  throw new Error('the sim agent calls no model');
};

function refusal(settings: Parameters<typeof simKind.check>[0]): string | undefined {
  try {
    simKind.check(settings);
  } catch (err) {
    return isTdoError(err, 'input') ? err.message : String(err);
  }
  return undefined;
}

describe('the sim agent kind', () => {
  it('builds the default sim or a persona, calling no model', () => {
    expect(simKind.create({}, noModel).id).toBe('sim');
    expect(simKind.create({ persona: 'qwen2-5-7b' }, noModel).id).toBe('sim:qwen2-5-7b');
    expect(simKind.models({ persona: 'qwen2-5-7b' })).toEqual([]);
  });

  it('refuses a model and an unknown persona with what to fix', () => {
    expect(refusal({ model: 'gpt-4o' })).toBe('--model applies to --agent llm only; the sim agent uses no model');
    expect(refusal({ persona: 'nope' })).toMatch(/^unknown sim persona "nope"; the personas are: qwen2-5-0-5b, .* \(see `tdo agents`\)$/);
    expect(() => simKind.create({ persona: 'nope' }, noModel)).toThrow(/unknown sim persona/);
    expect(refusal({ persona: 'qwen2-5-7b', maxSteps: 3 })).toBeUndefined();
  });

  it('runs on every worker, whatever its allowance', () => {
    expect(simKind.workerRefusal({}, { maxSteps: 1 })).toBeUndefined();
    expect(simKind.workerConfig({})).toBeUndefined();
  });
});
