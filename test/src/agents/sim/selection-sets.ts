/**
 * The real selection data the sim's meaning parameters are fitted on (BFCL live_multiple, BFCL v3 multiple and 8
 * ToolE 10-tool catalogues), as tasks with their correct tool, and the measure the fits maximize: the expected
 * top-1 accuracy with noise (the exact softmax probability of the correct tool, which is what Gumbel noise samples
 * from). Shared by fit-action.ts and crud-landscape.ts.
 */
import type { SimParams } from '../../../../src/agents/sim/params.ts';
import { toolSignals, weighParts, type ToolSignals } from '../../../../src/agents/sim/rank.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';
import { toolECatalogues } from './toole.ts';
import { loadBfcl, loadBfclLiveMultiple } from './tool-preferences.ts';

const SEED = 20251129;

/** One decision to score: an intent, the tools listed, and the names of the tools that are right. */
export interface SelectionTask {
  intent: string;
  tools: readonly CatalogueTool[];
  correct: readonly string[];
}

/** A task's unweighted signals and the indices of its right tools: the weights can be varied without re-reading. */
export interface Decision {
  signals: ToolSignals[];
  correct: number[];
}

/** Each data set as groups of tasks (ToolE: one per catalogue), averaged group by group. */
export function calibrationSets(): Record<string, SelectionTask[][]> {
  return {
    live_multiple: [loadBfclLiveMultiple().map((t) => ({ intent: t.question, tools: t.tools, correct: [t.correct] }))],
    'BFCL multiple': [loadBfcl().map((t) => ({ intent: t.question, tools: t.tools, correct: [t.correct] }))],
    ToolE: toolECatalogues(SEED, 8, 10).map((c) => c.queries.map((q) => ({ intent: q.query, tools: c.tools, correct: [q.tool] }))),
  };
}

export function decide(tasks: readonly SelectionTask[], params: SimParams): Decision[] {
  return tasks.map((t) => ({
    signals: toolSignals(t.intent, t.tools, params),
    correct: t.correct.map((name) => t.tools.findIndex((tool) => tool.name === name)),
  }));
}

/** The mean probability, under the sim's noise, that the top-ranked tool is a right one. */
export function expectedAccuracy(decisions: readonly Decision[], params: SimParams): number {
  let sum = 0;
  for (const d of decisions) {
    const scores = d.signals.map((s) => Object.values(weighParts(s, params)).reduce((a, b) => a + b, 0));
    const top = Math.max(...scores);
    const total = scores.reduce((z, x) => z + Math.exp((x - top) / params.temperature), 0);
    sum += d.correct.reduce((p, i) => p + Math.exp((scores[i]! - top) / params.temperature), 0) / total;
  }
  return sum / decisions.length;
}

/** The group-by-group mean of expectedAccuracy. */
export function meanExpectedAccuracy(groups: readonly (readonly Decision[])[], params: SimParams): number {
  return groups.reduce((s, g) => s + expectedAccuracy(g, params), 0) / groups.length;
}
