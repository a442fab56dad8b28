import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams } from '../../../../src/agents/sim/params.ts';

describe('sim parameters', () => {
  it('are frozen defaults that overrides replace field by field', () => {
    expect(Object.isFrozen(DEFAULT_SIM_PARAMS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_SIM_PARAMS.weights)).toBe(true);
    const p = resolveSimParams({ temperature: 0, weights: { cue: 0 }, cueFamilyWeights: { breadth: 1 } });
    expect(p.temperature).toBe(0);
    expect(p.weights).toEqual({ ...DEFAULT_SIM_PARAMS.weights, cue: 0 });
    expect(p.cueFamilyWeights).toEqual({ ...DEFAULT_SIM_PARAMS.cueFamilyWeights, breadth: 1 });
    expect(resolveSimParams()).toEqual(DEFAULT_SIM_PARAMS);
  });

  it('reject negative, non-finite, misspelt or mistyped overrides, naming the field', () => {
    expect(() => resolveSimParams({ weights: { position: -0.1 } })).toThrow(/weights\.position/);
    expect(() => resolveSimParams({ temperature: Number.POSITIVE_INFINITY })).toThrow(/temperature/);
    expect(() => resolveSimParams({ bm25: { b: 2 } })).toThrow(/bm25\.b/);
    expect(() => resolveSimParams({ tau: 1 } as never)).toThrow(/tau/);
    expect(() => resolveSimParams({ recordedCandidates: 0 })).toThrow(/recordedCandidates/);
    expect(() => resolveSimParams({ temperature: '0.5' } as never)).toThrow(/temperature/);
  });
});
