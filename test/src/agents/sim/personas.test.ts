import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams } from '../../../../src/agents/sim/params.ts';
import { endorsementLogOdds, endorsementPull, findPersona, parsePersonas, personaParams, personas } from '../../../../src/agents/sim/personas.ts';

const file = personas();

describe('sim personas (src/agents/sim/personas.json)', () => {
  it('differ from the default in preference parameters only', () => {
    for (const persona of file.personas) {
      const p = personaParams(persona);
      const own = {
        weights: { cue: p.weights.cue, position: p.weights.position },
        temperature: p.temperature,
        cueFamilyWeights: { socialProof: p.cueFamilyWeights.socialProof, maintenance: p.cueFamilyWeights.maintenance, example: p.cueFamilyWeights.example },
      };
      expect(p).toEqual(resolveSimParams(own));
    }
  });

  it('finds a persona by name and nothing for an unknown one', () => {
    expect(findPersona('qwen2-5-7b')?.model).toBe('Qwen_Qwen2.5-7B-Instruct-FC');
    expect(findPersona('gpt-5')).toBeUndefined();
  });

  it('measures the endorsement sway as the log-odds of the cue lift over the noise', () => {
    expect(endorsementLogOdds(DEFAULT_SIM_PARAMS)).toBeCloseTo(1.05 / 0.25, 12);
    expect(endorsementPull(DEFAULT_SIM_PARAMS)).toBeCloseTo(1 / (1 + Math.exp(-4.2)), 12);
  });
});

describe('the personas file', () => {
  const valid = structuredClone(file);

  it('is refused when a persona sets a parameter that is not a preference, naming it', () => {
    const bad = structuredClone(valid);
    (bad.personas[0]!.params.weights as Record<string, number>).semantic = 5;
    expect(() => parsePersonas(bad, 'p.json')).toThrow(/p\.json.*semantic/s);
  });

  it('is refused with a negative weight, a zero temperature or a duplicate name', () => {
    const negative = structuredClone(valid);
    negative.personas[0]!.params.weights.cue = -1;
    expect(() => parsePersonas(negative, 'p.json')).toThrow(/weights\.cue/);
    const frozen = structuredClone(valid);
    frozen.personas[0]!.params.temperature = 0;
    expect(() => parsePersonas(frozen, 'p.json')).toThrow(/temperature/);
    const twice = structuredClone(valid);
    twice.personas.push(twice.personas[0]!);
    expect(() => parsePersonas(twice, 'p.json')).toThrow(/unique/);
  });
});
