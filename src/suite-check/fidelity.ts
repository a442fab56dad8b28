import { rankTools } from '../agents/sim/rank.ts';
import type { SimParams } from '../agents/sim/params.ts';
import { stepRng } from '../agents/sim/step-rng.ts';
import type { CatalogueTool } from '../catalogue/catalogue-types.ts';
import { labelMatches } from '../checks/tool-labels.ts';
import type { PlanStep } from '../suite/schema.ts';

/**
 * The probability that the sim's first choice for a step's intent is one of the step's labelled tools, over the
 * whole catalogue. rankTools adds Gumbel noise of scale `temperature` to each score and picks the top (Gumbel-max),
 * so the choice probabilities are exactly the softmax of the noise-free scores over the temperature: the share is
 * what the sim chooses right on average over run seeds, with no seed of its own. Noise-free (temperature 0), it
 * is 1 or 0 by the top score, ties going to the earlier-listed tool as in rankTools.
 */
export function chosenRightProbability(step: PlanStep, tools: readonly CatalogueTool[], params: SimParams): number {
  if (tools.length === 0) return 0;
  // temperature 0: the scores without noise; the generator is then never drawn from
  const ranked = rankTools(step.intent, tools, stepRng(0, 0), { ...params, temperature: 0 });
  const labelled = (name: string) => {
    const tool = tools.find((t) => t.name === name)!;
    return step.tools.some((label) => labelMatches(label, tool.server, tool.tool));
  };
  if (params.temperature === 0) return labelled(ranked[0]!.name) ? 1 : 0;
  const top = ranked[0]!.score;
  const weights = ranked.map((t) => Math.exp((t.score - top) / params.temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  return ranked.reduce((sum, t, i) => sum + (labelled(t.name) ? weights[i]! : 0), 0) / total;
}
