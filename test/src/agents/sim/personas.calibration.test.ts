import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS } from '../../../../src/agents/sim/params.ts';
import { personaParams, personas } from '../../../../src/agents/sim/personas.ts';
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
});
