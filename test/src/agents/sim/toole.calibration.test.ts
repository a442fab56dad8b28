import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams, type SimParams } from '../../../../src/agents/sim/params.ts';
import { rankTools } from '../../../../src/agents/sim/rank.ts';
import { stepRng } from '../../../../src/agents/sim/step-rng.ts';
import { toolECatalogues, type ToolECatalogue } from './toole.ts';

const SEED = 20251129;

/** Top-1 accuracy over a catalogue's queries; query i of catalogue k draws its noise from stepRng(SEED + k, i). */
function toolEAccuracy(catalogue: ToolECatalogue, k: number, params: SimParams): number {
  const right = catalogue.queries.filter((q, i) => rankTools(q.query, catalogue.tools, stepRng(SEED + k, i), params)[0]!.name === q.tool).length;
  return right / catalogue.queries.length;
}

describe('rankTools on real user queries worded unlike the descriptions (ToolE development split)', () => {
  it('picks the correct tool of a 10-tool catalogue for at least 70% of the queries, with its noise', () => {
    const catalogues = toolECatalogues(SEED, 8, 10);
    const variants: Record<string, SimParams> = {
      sim: DEFAULT_SIM_PARAMS,
      'noise-free': resolveSimParams({ temperature: 0 }),
      'lexical only': resolveSimParams({ weights: { semantic: 0 } }),
      'lexical noise-free': resolveSimParams({ weights: { semantic: 0 }, temperature: 0 }),
    };
    const table = Object.entries(variants).map(([name, params]) => [name, catalogues.map((c, k) => toolEAccuracy(c, k, params))] as const);
    const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      [
        `ToolE top-1, ${catalogues.length} catalogues of 10 tools (queries per catalogue: ${catalogues.map((c) => c.queries.length).join(' ')})`,
        ...table.map(([name, accs]) => `${name.padEnd(19)} ${accs.map((a) => a.toFixed(3)).join(' ')}  mean ${mean(accs).toFixed(3)}`),
      ].join('\n'),
    );
    expect(catalogues.every((c) => c.tools.length === 10 && c.queries.length >= 500)).toBe(true);
    const [sim, noiseFree, lexical] = table.map(([, accs]) => mean(accs)) as [number, number, number];
    expect(sim).toBeGreaterThanOrEqual(0.7);
    expect(noiseFree).toBeGreaterThanOrEqual(sim - 0.03);
    expect(sim).toBeGreaterThan(lexical + 0.1);
  });
});
