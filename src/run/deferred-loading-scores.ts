import { countDescriptionTokens, type ScoreInput } from '../../traces/index.ts';
import { labelMatches } from '../checks/tool-labels.ts';
import type { Catalogue, CatalogueTool } from '../catalogue/catalogue-types.ts';
import type { DeferredTools } from '../host/tool-search-session.ts';
import type { SearchToolDefinition } from '../catalogue/tool-search/search-tool.ts';
import type { Task } from '../suite/schema.ts';
import { SCORE } from '../measure/score-names.ts';

/**
 * One finished deferred-loading episode's scores: found@k over the task's plan steps, the rank the searches gave
 * each found step's tool, and the description tokens the agent was given against those of every tool. Tokens
 * count descriptions only, as a version's `tokens` does (traces/versions.ts), so the two figures compare.
 */
export function deferredLoadingScores(task: Task, catalogue: Catalogue, deferred: DeferredTools): ScoreInput[] {
  const ranks = task.plan.flatMap((step) => {
    const rank = stepRank(step.tools, deferred);
    return rank === undefined ? [] : [rank];
  });
  return [
    ...(task.plan.length === 0
      ? []
      : [
          { name: SCORE.labelledStepsFound, value: ranks.length },
          { name: SCORE.labelledSteps, value: task.plan.length },
          { name: SCORE.labelledStepsRankedFirst, value: ranks.filter((r) => r === 1).length },
          { name: SCORE.labelledStepsRankSum, value: ranks.reduce((sum, r) => sum + r, 0) },
        ]),
    { name: SCORE.loadedTokens, value: descriptionTokens([deferred.tool, ...deferred.loaded()]) },
    { name: SCORE.allToolsTokens, value: allToolsTokens(catalogue) },
  ];
}

/**
 * The best rank any search of the episode gave one of a step's labelled tools, undefined when none was returned.
 * Every result is loaded, so a step is found exactly when one of its tools is among the loaded ones.
 */
function stepRank(labels: readonly string[], deferred: DeferredTools): number | undefined {
  const ranks = deferred
    .loaded()
    .filter((tool) => labels.some((label) => labelMatches(label, tool.server, tool.tool)))
    .map((tool) => deferred.bestRanks().get(tool.name)!);
  return ranks.length === 0 ? undefined : Math.min(...ranks);
}

function descriptionTokens(tools: ReadonlyArray<CatalogueTool | SearchToolDefinition>): number {
  return countDescriptionTokens(Object.fromEntries(tools.map((t) => [t.name, t.description])));
}

// A run hands every episode the same catalogue: its count is made once.
const allTokens = new WeakMap<Catalogue, number>();
function allToolsTokens(catalogue: Catalogue): number {
  let tokens = allTokens.get(catalogue);
  if (tokens === undefined) allTokens.set(catalogue, (tokens = descriptionTokens(catalogue.tools)));
  return tokens;
}
