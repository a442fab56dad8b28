import { countDescriptionTokens, type ScoreInput } from '../../traces/index.ts';
import { labelMatches } from '../checks/tool-labels.ts';
import type { Catalogue, CatalogueTool } from '../host/catalogue-types.ts';
import type { DeferredTools } from '../host/tool-search/session.ts';
import type { SearchToolDefinition } from '../host/tool-search/search-tool.ts';
import type { Task } from '../suite/schema.ts';
import { SCORE } from './score-names.ts';

/**
 * One finished deferred-loading episode's scores: found@k over the task's plan steps, and the description tokens
 * the agent was given against those of every tool. Tokens count descriptions only, as a version's `tokens` does
 * (traces/versions.ts), so the two figures compare.
 */
export function deferredLoadingScores(task: Task, catalogue: Catalogue, deferred: DeferredTools): ScoreInput[] {
  const loaded = deferred.loaded();
  const found = task.plan.filter((step) => step.tools.some((label) => loaded.some((tool) => labelMatches(label, tool.server, tool.tool)))).length;
  return [
    ...(task.plan.length === 0
      ? []
      : [
          { name: SCORE.labelledStepsFound, value: found },
          { name: SCORE.labelledSteps, value: task.plan.length },
        ]),
    { name: SCORE.loadedTokens, value: descriptionTokens([deferred.tool, ...loaded]) },
    { name: SCORE.allToolsTokens, value: allToolsTokens(catalogue) },
  ];
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
