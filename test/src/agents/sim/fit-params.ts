/**
 * The search behind the fitted values in src/agents/sim/params.ts (not a test; run with
 * `npx tsx test/src/agents/sim/fit-params.ts`). Coordinate descent on a grid over the cue weight, the
 * social-proof, maintenance and example family weights, the position weight and the temperature, minimizing the
 * squared error between the sim's exact choice probabilities on pairs.jsonl (softmax of the noise-free
 * scores, which is what Gumbel noise samples from) and the median real model in model-choices.jsonl:
 * its share for each edit, plus its first-position share. The relevance weight is the fixed unit.
 */
import { DEFAULT_SIM_PARAMS, resolveSimParams, type SimParams } from '../../../../src/agents/sim/params.ts';
import { toolSignals, weighParts, type ToolSignals } from '../../../../src/agents/sim/rank.ts';
import { editShares, loadModelChoices, loadPairs, realEditShares, realFirstPositionShare, type PairRow } from './tool-preferences.ts';

type Fitted = { cue: number; socialProof: number; maintenance: number; example: number; position: number; temperature: number };

const GRID: Record<keyof Fitted, number[]> = {
  cue: range(0.05, 2, 0.05),
  socialProof: range(0, 1, 0.05),
  maintenance: range(0, 1, 0.05),
  example: range(0, 1, 0.05),
  position: range(0, 1, 0.02),
  temperature: range(0.05, 1.5, 0.05),
};

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
}

function toParams(f: Fitted): SimParams {
  return resolveSimParams({
    weights: { cue: f.cue, position: f.position },
    temperature: f.temperature,
    cueFamilyWeights: { socialProof: f.socialProof, maintenance: f.maintenance, example: f.example },
  });
}

/** Exact P(first-listed tool chosen) for each row: the logistic of the noise-free score gap over the temperature. */
export function firstChoiceProbabilities(rows: readonly PairRow[], signals: readonly ToolSignals[][], params: SimParams): number[] {
  return rows.map((_, i) => {
    const [a, b] = signals[i]!.map((s) => Object.values(weighParts(s, params)).reduce((x, y) => x + y, 0)) as [number, number];
    if (params.temperature === 0) return a >= b ? 1 : 0;
    return 1 / (1 + Math.exp(-(a - b) / params.temperature));
  });
}

function main(): void {
  const rows = loadPairs();
  const choices = loadModelChoices();
  const signals = rows.map((row) => toolSignals(row.query, row.tools, DEFAULT_SIM_PARAMS.bm25));
  const real = realEditShares(choices);
  const realFirst = realFirstPositionShare(choices);
  const loss = (f: Fitted): number => {
    const p = firstChoiceProbabilities(rows, signals, toParams(f));
    const sim = editShares(rows, (_, i) => p[i]!);
    let sse = (sim.firstPosition - realFirst) ** 2;
    for (const [edit, share] of real) sse += ((sim.byEdit.get(edit) ?? 0) - share) ** 2;
    return sse;
  };

  const d = DEFAULT_SIM_PARAMS;
  let best: Fitted = { cue: d.weights.cue, socialProof: d.cueFamilyWeights.socialProof, maintenance: d.cueFamilyWeights.maintenance, example: d.cueFamilyWeights.example, position: d.weights.position, temperature: d.temperature };
  let bestLoss = loss(best);
  for (let round = 0; round < 6; round++) {
    let improved = false;
    for (const key of Object.keys(GRID) as (keyof Fitted)[]) {
      for (const value of GRID[key]) {
        const candidate = { ...best, [key]: value };
        const l = loss(candidate);
        if (l < bestLoss - 1e-12) {
          best = candidate;
          bestLoss = l;
          improved = true;
        }
      }
    }
    console.log(`round ${round + 1}: loss ${bestLoss.toFixed(5)}`, best);
    if (!improved) break;
  }

  const p = firstChoiceProbabilities(rows, signals, toParams(best));
  const sim = editShares(rows, (_, i) => p[i]!);
  console.log(`first position: sim ${sim.firstPosition.toFixed(3)} real median ${realFirst.toFixed(3)}`);
  for (const [edit, share] of real) console.log(`${edit.padEnd(18)} sim ${(sim.byEdit.get(edit) ?? 0).toFixed(3)} real median ${share.toFixed(3)}`);
}

main();
