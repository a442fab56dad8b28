/**
 * The preference half of the sim's calibration, shared by fit-params.ts (the default persona, fitted to the
 * median real model), fit-personas.ts (one persona per real model) and the persona test: the sim's exact
 * choice probabilities on Faghih et al.'s pairs (softmax of the noise-free scores, which is what Gumbel noise
 * samples from), turned into shares per edit and for the first position, and the coordinate descent that fits
 * the preference parameters to a target's shares.
 */
import { DEFAULT_SIM_PARAMS, resolveSimParams, type SimParams } from '../../../../src/agents/sim/params.ts';
import { toolSignals, weighParts, type ToolSignals } from '../../../../src/agents/sim/rank.ts';
import type { SemanticParams } from '../../../../src/agents/sim/semantic.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';
import { editShares, type PairRow, type Shares } from './tool-preferences.ts';

export type Preferences = {
  cue: number;
  socialProof: number;
  maintenance: number;
  example: number;
  position: number;
  temperature: number;
  precisionShare: number;
};
export type Meaning = { semantic: number; nameWeight: number; exponent: number; halfWeightRank: number };

export const PREFERENCE_GRID: Record<keyof Preferences, number[]> = {
  cue: range(0.05, 3, 0.05),
  socialProof: range(0, 1, 0.05),
  maintenance: range(0, 1, 0.05),
  example: range(0, 1, 0.05),
  position: range(0, 1.5, 0.02),
  temperature: range(0.05, 1.5, 0.05),
  precisionShare: range(0, 0.5, 0.01),
};

export const DEFAULT_MEANING: Meaning = {
  semantic: DEFAULT_SIM_PARAMS.weights.semantic,
  nameWeight: DEFAULT_SIM_PARAMS.semantic.nameWeight,
  exponent: DEFAULT_SIM_PARAMS.semantic.exponent,
  halfWeightRank: DEFAULT_SIM_PARAMS.semantic.halfWeightRank,
};

export const DEFAULT_PREFERENCES: Preferences = {
  cue: DEFAULT_SIM_PARAMS.weights.cue,
  socialProof: DEFAULT_SIM_PARAMS.cueFamilyWeights.socialProof,
  maintenance: DEFAULT_SIM_PARAMS.cueFamilyWeights.maintenance,
  example: DEFAULT_SIM_PARAMS.cueFamilyWeights.example,
  position: DEFAULT_SIM_PARAMS.weights.position,
  temperature: DEFAULT_SIM_PARAMS.temperature,
  precisionShare: DEFAULT_SIM_PARAMS.semantic.precisionShare,
};

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
}

export function toParams(m: Meaning, p: Preferences): SimParams {
  return resolveSimParams({
    weights: { semantic: m.semantic, cue: p.cue, position: p.position },
    temperature: p.temperature,
    semantic: { nameWeight: m.nameWeight, exponent: m.exponent, halfWeightRank: m.halfWeightRank, precisionShare: p.precisionShare },
    cueFamilyWeights: { socialProof: p.socialProof, maintenance: p.maintenance, example: p.example },
  });
}

/** A decision's signals at precision share 0 and 1; the semantic signal is linear in the share between them. */
export interface Case {
  recall: ToolSignals[];
  precision: ToolSignals[];
  correct: number;
}

export function caseOf(intent: string, tools: readonly CatalogueTool[], correct: number, semantic: SemanticParams): Case {
  const at = (precisionShare: number) =>
    toolSignals(intent, tools, { bm25: DEFAULT_SIM_PARAMS.bm25, semantic: { ...semantic, precisionShare }, action: DEFAULT_SIM_PARAMS.action });
  return { recall: at(0), precision: at(1), correct };
}

/** The pairs as decisions (the first-listed tool as "correct": only its probability is read). */
export function pairCases(rows: readonly PairRow[], semantic: SemanticParams): Case[] {
  return rows.map((row) => caseOf(row.query, row.tools, 0, semantic));
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
export function choiceProbability(c: Case, index: number, params: SimParams): number {
  const s = scores(c, params);
  const top = Math.max(...s);
  if (params.temperature === 0) return s[index] === top && s.indexOf(top) === index ? 1 : 0;
  const total = s.reduce((sum, x) => sum + Math.exp((x - top) / params.temperature), 0);
  return Math.exp((s[index]! - top) / params.temperature) / total;
}

/** The sim's exact shares on the pairs under `params`. */
export function simShares(rows: readonly PairRow[], cases: readonly Case[], params: SimParams): Shares {
  return editShares(rows, (_, i) => choiceProbability(cases[i]!, 0, params));
}

/** How far the sim's shares lie from a target's: the squared error the fit minimizes, and the largest gap. */
export interface FitError {
  loss: number;
  maxDeviation: number;
  /** The edit with the largest gap, or "firstPosition". */
  worst: string;
}

export function fitError(sim: Shares, target: Shares): FitError {
  const gaps: Array<[string, number]> = [
    ['firstPosition', sim.firstPosition - target.firstPosition],
    ...[...target.byEdit].map(([edit, share]): [string, number] => [edit, (sim.byEdit.get(edit) ?? 0) - share]),
  ];
  const [worst, gap] = gaps.reduce((a, b) => (Math.abs(b[1]) > Math.abs(a[1]) ? b : a));
  return { loss: gaps.reduce((sum, [, g]) => sum + g * g, 0), maxDeviation: Math.abs(gap), worst };
}

export function coordinateDescent<T extends Record<string, number>>(
  start: T,
  grid: Partial<Record<keyof T, number[]>>,
  loss: (t: T) => number,
): { best: T; loss: number } {
  let best = start;
  let bestLoss = loss(best);
  for (let round = 0; round < 8; round++) {
    let improved = false;
    for (const key of Object.keys(grid) as (keyof T)[]) {
      for (const value of grid[key]!) {
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

/**
 * The preferences, among `fitted` (the rest kept at `start`), whose shares on the pairs come closest to
 * `target`'s, at meaning `m`.
 */
export function fitPreferences(
  pairs: { rows: readonly PairRow[]; cases: readonly Case[] },
  m: Meaning,
  start: Preferences,
  fitted: readonly (keyof Preferences)[],
  target: Shares,
): { best: Preferences; loss: number } {
  const grid = Object.fromEntries(fitted.map((key) => [key, PREFERENCE_GRID[key]]));
  return coordinateDescent(start, grid, (p) => fitError(simShares(pairs.rows, pairs.cases, toParams(m, p)), target).loss);
}
