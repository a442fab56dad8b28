/**
 * The search behind the action channel's fitted values in src/agents/sim/params.ts, step 3 (not a test; run with
 * `npx tsx test/src/agents/sim/fit-action.ts`, a few minutes): a grid over the action weight, the WordNet senses
 * counted and the similarity's exponent, the other parameters at their defaults, maximizing the expected top-1
 * accuracy with noise (the exact softmax probability of the correct tool) averaged over BFCL live_multiple, BFCL
 * v3 multiple and the 8 ToolE 10-tool catalogues. Our own suites and the CRUD suites (the check) are never used.
 */
import { resolveSimParams, type SimParams } from '../../../../src/agents/sim/params.ts';
import { calibrationSets, decide, meanExpectedAccuracy } from './selection-sets.ts';

const WEIGHTS = [0, 2, 4, 6, 8];
const GRID: Array<SimParams['action']> = [1, 3].flatMap((senses) => [1, 2].map((exponent) => ({ ...resolveSimParams().action, senses, exponent })));

const datasets = calibrationSets();

for (const action of GRID) {
  const params = resolveSimParams({ action });
  const decided = Object.entries(datasets).map(([name, groups]) => [name, groups.map((tasks) => decide(tasks, params))] as const);
  for (const weight of WEIGHTS) {
    const weighed = resolveSimParams({ action, weights: { action: weight } });
    const means = decided.map(([name, groups]) => [name, meanExpectedAccuracy(groups, weighed)] as const);
    const overall = means.reduce((s, [, m]) => s + m, 0) / means.length;
    console.log(
      `senses ${action.senses} exponent ${action.exponent} weight ${weight}: ${overall.toFixed(4)} (${means.map(([n, m]) => `${n} ${m.toFixed(3)}`).join(', ')})`,
    );
  }
}
