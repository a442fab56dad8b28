import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams } from '../../../../src/agents/sim/params.ts';
import { endorsementLogOdds, endorsementPull, findPersona, parsePersonas, personaParams, personas } from '../../../../src/agents/sim/personas.ts';
import { fitError, pairCases, simShares } from './preference-fit.ts';
import { loadModelChoices, loadPairs, medianShares, modelNames, modelShares, type Shares } from './tool-preferences.ts';

/** The issue's bound: each share per edit, and the first-position share, within 10 points of the real model's. */
const BOUND = 0.1;

const rows = loadPairs();
const choices = loadModelChoices();
// Every persona keeps the default's meaning parameters, so one set of signals serves them all.
const cases = pairCases(rows, DEFAULT_SIM_PARAMS.semantic);
const file = personas();

function gaps(sim: Shares, real: Shares): Array<[string, number]> {
  return [
    ['firstPosition', sim.firstPosition - real.firstPosition],
    ...[...real.byEdit].map(([edit, share]): [string, number] => [edit, sim.byEdit.get(edit)! - share]),
  ];
}

describe('sim personas (src/agents/sim/personas.json) against the real models of Faghih et al.', () => {
  it('has one persona per model in model-choices.jsonl', () => {
    expect(file.personas.map((p) => p.model).sort()).toEqual(modelNames(choices).sort());
  });

  for (const persona of file.personas) {
    it(`sim:${persona.name} gives each edit and the first position a share within 10 points of ${persona.model}'s`, () => {
      const real = modelShares(choices, persona.model);
      const sim = simShares(rows, cases, personaParams(persona));
      const found = gaps(sim, real);
      console.log(`sim:${persona.name}: ${found.map(([what, gap]) => `${what} ${(gap * 100).toFixed(1)}`).join(', ')} (points, sim - real)`);
      expect(real.byEdit.size).toBe(10);
      for (const [what, gap] of found) expect(Math.abs(gap), what).toBeLessThanOrEqual(BOUND);
      // The file's fit error is what its parameters give: it was not edited by hand nor left stale.
      const error = fitError(sim, real);
      expect(persona.fit.loss).toBeCloseTo(error.loss, 4);
      expect(persona.fit.maxDeviation).toBeCloseTo(error.maxDeviation, 4);
      expect(persona.fit.worst).toBe(error.worst);
    });
  }

  it("records the default sim's fit to the median model as its parameters give it", () => {
    const error = fitError(simShares(rows, cases, DEFAULT_SIM_PARAMS), medianShares(choices));
    expect(file.median.fit.loss).toBeCloseTo(error.loss, 4);
    expect(file.median.fit.maxDeviation).toBeCloseTo(error.maxDeviation, 4);
  });

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
