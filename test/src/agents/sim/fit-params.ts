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
 * The relevance weight is the fixed unit. Our own suites (lab, market, filesystem) are never used here. The
 * preference half (the pairs' shares and their descent) is preference-fit.ts, which fit-personas.ts shares to fit
 * one persona per real model.
 */
import { DEFAULT_SIM_PARAMS } from '../../../../src/agents/sim/params.ts';
import type { SemanticParams } from '../../../../src/agents/sim/semantic.ts';
import {
  caseOf,
  choiceProbability,
  coordinateDescent,
  DEFAULT_MEANING,
  fitError,
  fitPreferences,
  pairCases,
  simShares,
  toParams,
  type Case,
  type Meaning,
  type Preferences,
} from './preference-fit.ts';
import { toolECatalogues } from './toole.ts';
import { loadBfcl, loadModelChoices, loadPairs, medianShares, type PairRow } from './tool-preferences.ts';

/** Where step 1 starts: its result before the sim had a semantic channel. */
const START: Preferences = { cue: 0.75, socialProof: 0.2, maintenance: 0.4, example: 0.25, position: 0.34, temperature: 0.25, precisionShare: 0 };
const MEANING_GRID: Record<keyof Meaning, number[]> = {
  semantic: [5, 10, 15, 20, 25, 30, 40, 60, 80],
  nameWeight: [1, 2, 3, 4, 5],
  exponent: [2, 3, 4],
  halfWeightRank: [500, 1000, 2000, 4000, 8000, 16000],
};
/** Step 1's parameters; step 2's refit keeps the temperature and fits the precision share instead. */
const STEP_1: (keyof Preferences)[] = ['cue', 'socialProof', 'maintenance', 'example', 'position', 'temperature'];
const STEP_2: (keyof Preferences)[] = ['cue', 'socialProof', 'maintenance', 'example', 'position', 'precisionShare'];

/** How far below the optimum the chosen semantic weight may score (expected top-1). */
const TOLERANCE = 0.005;

interface Data {
  pairs: { rows: PairRow[]; cases: Case[] };
  toole: Case[][];
  bfcl: Case[];
}

const pairRows: PairRow[] = loadPairs();
const median = medianShares(loadModelChoices());
const catalogues = toolECatalogues(20251129, 8, 10);
const bfclTasks = loadBfcl();

function data(semantic: SemanticParams): Data {
  return {
    pairs: { rows: pairRows, cases: pairCases(pairRows, semantic) },
    toole: catalogues.map((c) =>
      c.queries.map((q) =>
        caseOf(
          q.query,
          c.tools,
          c.tools.findIndex((t) => t.name === q.tool),
          semantic,
        ),
      ),
    ),
    bfcl: bfclTasks.map((t) =>
      caseOf(
        t.question,
        t.tools,
        t.tools.findIndex((x) => x.name === t.correct),
        semantic,
      ),
    ),
  };
}

function expectedTop1(cases: readonly Case[], m: Meaning, p: Preferences): number {
  const params = toParams(m, p);
  return cases.reduce((sum, c) => sum + choiceProbability(c, c.correct, params), 0) / cases.length;
}

function meaningScore(d: Data, m: Meaning, p: Preferences): { objective: number; toole: number[]; bfcl: number } {
  const toole = d.toole.map((cases) => expectedTop1(cases, m, p));
  const bfcl = expectedTop1(d.bfcl, m, p);
  return { objective: (toole.reduce((a, b) => a + b, 0) / toole.length + bfcl) / 2, toole, bfcl };
}

function main(): void {
  const d0 = DEFAULT_SIM_PARAMS;
  const startMeaning = DEFAULT_MEANING;
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
  const withoutMeaning = fitPreferences(dataFor(startMeaning).pairs, { ...startMeaning, semantic: 0 }, START, STEP_1, median);
  console.log('step 1 (semantic weight 0)', withoutMeaning.best, `loss ${withoutMeaning.loss.toFixed(4)}`);
  const start = withoutMeaning.best;
  const fitted = new Map<string, { preferences: Preferences; objective: number }>();
  const evaluate = (m: Meaning): number => {
    const key = JSON.stringify(m);
    let result = fitted.get(key);
    if (result === undefined) {
      const d = dataFor(m);
      const preferences = fitPreferences(d.pairs, m, start, STEP_2, median).best;
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
  const sim = simShares(pairRows, d.pairs.cases, toParams(meaning, final));
  console.log('step 2 preferences', final, `loss ${fitError(sim, median).loss.toFixed(4)}`);
  console.log(
    `expected top-1 with noise: ToolE ${score.toole.map((x) => x.toFixed(3)).join(' ')} (mean ${(score.toole.reduce((a, b) => a + b, 0) / score.toole.length).toFixed(3)}), BFCL ${score.bfcl.toFixed(3)}`,
  );
  console.log(`first position: sim ${sim.firstPosition.toFixed(3)} real median ${median.firstPosition.toFixed(3)}`);
  for (const [edit, share] of median.byEdit) console.log(`${edit.padEnd(18)} sim ${(sim.byEdit.get(edit) ?? 0).toFixed(3)} real median ${share.toFixed(3)}`);
}

main();
