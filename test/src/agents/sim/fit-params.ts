/**
 * The searches behind the fitted values in src/agents/sim/params.ts (not a test; run with
 * `npx tsx test/src/agents/sim/fit-params.ts`, about ten minutes). Coordinate descents on grids, in two steps:
 *
 * 1. Preferences without meaning (Faghih et al.'s pairs.jsonl / model-choices.jsonl, semantic weight 0): the cue
 *    weight, the social-proof, maintenance and example family weights, the position weight and the temperature,
 *    minimizing the squared error between the sim's exact choice probabilities (softmax of the noise-free scores,
 *    which is what Gumbel noise samples from) and the median of the 9 real models: its share for each edit, plus
 *    its first-position share. The two tools of a pair do the same thing, so this fixes the noise in units of the
 *    cue and position effects whatever the relevance scale; the temperature is kept from here on.
 * 2. Meaning (the ToolE development split, 8 catalogues of 10 tools, and BFCL v3 multiple): the semantic weight,
 *    name weight, exponent and half-weight rank, maximizing the sim's expected top-1 accuracy with its noise (the
 *    exact softmax probability of the correct tool), the mean of the ToolE catalogues' mean and BFCL's; then the
 *    smallest semantic weight within half a point of that optimum. Each candidate first refits step 1's weights
 *    at the kept temperature, plus the semantic precision share, on the pairs, since their descriptions differ
 *    in wording and so in meaning too.
 *
 * The relevance weight is the fixed unit. Our own suites (lab, market, filesystem) are never used here.
 */
import { DEFAULT_SIM_PARAMS, resolveSimParams, type SimParams } from '../../../../src/agents/sim/params.ts';
import { toolSignals, weighParts, type ToolSignals } from '../../../../src/agents/sim/rank.ts';
import type { SemanticParams } from '../../../../src/agents/sim/semantic.ts';
import type { CatalogueTool } from '../../../../src/host/catalogue-types.ts';
import { toolECatalogues } from './toole.ts';
import { editShares, loadBfcl, loadModelChoices, loadPairs, realEditShares, realFirstPositionShare, type PairRow } from './tool-preferences.ts';

type Preferences = { cue: number; socialProof: number; maintenance: number; example: number; position: number; temperature: number; precisionShare: number };
type Meaning = { semantic: number; nameWeight: number; exponent: number; halfWeightRank: number };

const PREFERENCE_GRID: Record<keyof Preferences, number[]> = {
  cue: range(0.05, 3, 0.05),
  socialProof: range(0, 1, 0.05),
  maintenance: range(0, 1, 0.05),
  example: range(0, 1, 0.05),
  position: range(0, 1.5, 0.02),
  temperature: range(0.05, 1.5, 0.05),
  precisionShare: range(0, 0.5, 0.01),
};
/** Where step 1 starts: its result before the sim had a semantic channel. */
const START: Preferences = { cue: 0.75, socialProof: 0.2, maintenance: 0.4, example: 0.25, position: 0.34, temperature: 0.25, precisionShare: 0 };
const MEANING_GRID: Record<keyof Meaning, number[]> = {
  semantic: [5, 10, 15, 20, 25, 30, 40, 60, 80],
  nameWeight: [1, 2, 3, 4, 5],
  exponent: [2, 3, 4],
  halfWeightRank: [500, 1000, 2000, 4000, 8000, 16000],
};

/** How far below the optimum the chosen semantic weight may score (expected top-1). */
const TOLERANCE = 0.005;

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
}

function toParams(m: Meaning, p: Preferences): SimParams {
  return resolveSimParams({
    weights: { semantic: m.semantic, cue: p.cue, position: p.position },
    temperature: p.temperature,
    semantic: { nameWeight: m.nameWeight, exponent: m.exponent, halfWeightRank: m.halfWeightRank, precisionShare: p.precisionShare },
    cueFamilyWeights: { socialProof: p.socialProof, maintenance: p.maintenance, example: p.example },
  });
}

/** A decision's signals at precision share 0 and 1; the semantic signal is linear in the share between them. */
interface Case {
  recall: ToolSignals[];
  precision: ToolSignals[];
  correct: number;
}

function caseOf(intent: string, tools: readonly CatalogueTool[], correct: number, semantic: SemanticParams): Case {
  const at = (precisionShare: number) => toolSignals(intent, tools, { bm25: DEFAULT_SIM_PARAMS.bm25, semantic: { ...semantic, precisionShare } });
  return { recall: at(0), precision: at(1), correct };
}

/** Noise-free scores of a case's tools. */
function scores(c: Case, params: SimParams): number[] {
  const share = params.semantic.precisionShare;
  return c.recall.map((r, i) => {
    const signals = { ...r, semantic: (1 - share) * r.semantic + share * c.precision[i]!.semantic };
    return Object.values(weighParts(signals, params)).reduce((x, y) => x + y, 0);
  });
}

/** The softmax probability (Gumbel-max at the temperature) of the tool at `index`. */
function choiceProbability(s: readonly number[], index: number, temperature: number): number {
  const top = Math.max(...s);
  if (temperature === 0) return s[index] === top && s.indexOf(top) === index ? 1 : 0;
  const total = s.reduce((sum, x) => sum + Math.exp((x - top) / temperature), 0);
  return Math.exp((s[index]! - top) / temperature) / total;
}

interface Data {
  pairs: Case[];
  toole: Case[][];
  bfcl: Case[];
}

const pairRows: PairRow[] = loadPairs();
const choices = loadModelChoices();
const real = realEditShares(choices);
const realFirst = realFirstPositionShare(choices);
const catalogues = toolECatalogues(20251129, 8, 10);
const bfclTasks = loadBfcl();

function data(semantic: SemanticParams): Data {
  return {
    pairs: pairRows.map((row) => caseOf(row.query, row.tools, 0, semantic)),
    toole: catalogues.map((c) => c.queries.map((q) => caseOf(q.query, c.tools, c.tools.findIndex((t) => t.name === q.tool), semantic))),
    bfcl: bfclTasks.map((t) => caseOf(t.question, t.tools, t.tools.findIndex((x) => x.name === t.correct), semantic)),
  };
}

function preferenceLoss(d: Data, m: Meaning, p: Preferences): number {
  const params = toParams(m, p);
  const first = d.pairs.map((c) => choiceProbability(scores(c, params), 0, params.temperature));
  const sim = editShares(pairRows, (_, i) => first[i]!);
  let sse = (sim.firstPosition - realFirst) ** 2;
  for (const [edit, share] of real) sse += ((sim.byEdit.get(edit) ?? 0) - share) ** 2;
  return sse;
}

function expectedTop1(cases: readonly Case[], params: SimParams): number {
  return cases.reduce((sum, c) => sum + choiceProbability(scores(c, params), c.correct, params.temperature), 0) / cases.length;
}

function meaningScore(d: Data, m: Meaning, p: Preferences): { objective: number; toole: number[]; bfcl: number } {
  const params = toParams(m, p);
  const toole = d.toole.map((cases) => expectedTop1(cases, params));
  const bfcl = expectedTop1(d.bfcl, params);
  return { objective: (toole.reduce((a, b) => a + b, 0) / toole.length + bfcl) / 2, toole, bfcl };
}

function coordinateDescent<T extends Record<string, number>>(start: T, grid: Record<keyof T, number[]>, loss: (t: T) => number): { best: T; loss: number } {
  let best = start;
  let bestLoss = loss(best);
  for (let round = 0; round < 8; round++) {
    let improved = false;
    for (const key of Object.keys(grid) as (keyof T)[]) {
      for (const value of grid[key]) {
        if (value === best[key]) continue;
        const candidate = { ...best, [key]: value };
        const l = loss(candidate);
        if (l < bestLoss - 1e-12) {
          best = candidate;
          bestLoss = l;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return { best, loss: bestLoss };
}

/** Step 1's search, or step 2's refit (at the start's temperature, with the precision share). */
function fitPreferences(d: Data, m: Meaning, start: Preferences, step: 1 | 2): { best: Preferences; loss: number } {
  const { temperature, precisionShare, ...rest } = PREFERENCE_GRID;
  const grid = step === 1 ? { ...rest, temperature } : { ...rest, precisionShare };
  return coordinateDescent(start, grid as Record<keyof Preferences, number[]>, (p) => preferenceLoss(d, m, p));
}

function main(): void {
  const d0 = DEFAULT_SIM_PARAMS;
  const startMeaning: Meaning = { semantic: d0.weights.semantic, nameWeight: d0.semantic.nameWeight, exponent: d0.semantic.exponent, halfWeightRank: d0.semantic.halfWeightRank };
  const cache = new Map<string, Data>();
  const dataFor = (m: Meaning) => {
    const key = `${m.nameWeight} ${m.exponent} ${m.halfWeightRank}`;
    let d = cache.get(key);
    if (d === undefined) {
      cache.clear(); // one semantic configuration's signals at a time: they are large
      d = data({ ...d0.semantic, nameWeight: m.nameWeight, exponent: m.exponent, halfWeightRank: m.halfWeightRank });
      cache.set(key, d);
    }
    return d;
  };
  const withoutMeaning = fitPreferences(dataFor(startMeaning), { ...startMeaning, semantic: 0 }, START, 1);
  console.log('step 1 (semantic weight 0)', withoutMeaning.best, `loss ${withoutMeaning.loss.toFixed(4)}`);
  const start = withoutMeaning.best;
  const fitted = new Map<string, { preferences: Preferences; objective: number }>();
  const evaluate = (m: Meaning): number => {
    const key = JSON.stringify(m);
    let result = fitted.get(key);
    if (result === undefined) {
      const d = dataFor(m);
      const preferences = fitPreferences(d, m, start, 2).best;
      result = { preferences, objective: meaningScore(d, m, preferences).objective };
      fitted.set(key, result);
      console.log(`  ${key} expected top-1 ${result.objective.toFixed(4)}`);
    }
    return result.objective;
  };
  const { best: optimum } = coordinateDescent(startMeaning, MEANING_GRID, (m) => -evaluate(m));
  // The optimum is flat in the semantic weight; past the smallest weight within half a point of it, more weight
  // only makes weak evidence decisive (the log-likelihood of the correct ToolE tool falls).
  const semantic = MEANING_GRID.semantic.find((w) => evaluate({ ...optimum, semantic: w }) >= evaluate(optimum) - TOLERANCE)!;
  const meaning = { ...optimum, semantic };
  const final = fitted.get(JSON.stringify(meaning))!.preferences;
  const d = dataFor(meaning);
  const score = meaningScore(d, meaning, final);
  console.log('step 2 optimum', optimum, 'chosen', meaning);
  console.log('step 2 preferences', final, `loss ${preferenceLoss(d, meaning, final).toFixed(4)}`);
  console.log(`expected top-1 with noise: ToolE ${score.toole.map((x) => x.toFixed(3)).join(' ')} (mean ${(score.toole.reduce((a, b) => a + b, 0) / score.toole.length).toFixed(3)}), BFCL ${score.bfcl.toFixed(3)}`);
  const params = toParams(meaning, final);
  const first = d.pairs.map((c) => choiceProbability(scores(c, params), 0, params.temperature));
  const sim = editShares(pairRows, (_, i) => first[i]!);
  console.log(`first position: sim ${sim.firstPosition.toFixed(3)} real median ${realFirst.toFixed(3)}`);
  for (const [edit, share] of real) console.log(`${edit.padEnd(18)} sim ${(sim.byEdit.get(edit) ?? 0).toFixed(3)} real median ${share.toFixed(3)}`);
}

main();
