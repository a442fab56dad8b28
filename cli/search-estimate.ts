// The estimate of a search the CLI is about to start, from its suite, its settings and the catalogue the agent
// will be sent (counted as the LLM agent sends it), priced at the config's prices.
import { estimateSearch, proposerKind, type SearchEstimate, type OptimizeSettings } from '../optimizer/index.ts';
import { countDescriptionTokens } from '../traces/index.ts';
import { toFunctionTool } from '../src/index.ts';
import type { CatalogueTool } from '../src/index.ts';
import { callCost, type ModelPrices } from '../src/index.ts';
import type { Suite } from '../src/index.ts';
import { agentKind } from '../src/index.ts';
import { searchParts } from './search-parts.ts';

const tokensOf = (text: string) => countDescriptionTokens({ text });

export function searchEstimate(suite: Suite, settings: OptimizeSettings, tools: readonly CatalogueTool[], prices: ModelPrices): SearchEstimate {
  const { agents, proposer } = searchParts(settings);
  const server = tools.filter((t) => t.server === settings.server);
  return estimateSearch({
    suite,
    budget: settings.budget,
    minibatch: settings.minibatch,
    agentModels: agents.map((a) => agentKind(a).models(a)[0] ?? null),
    proposerModel: proposerKind(proposer).models(proposer)[0] ?? null,
    toolSearch: settings.toolSearch !== undefined && settings.toolSearch.mode !== 'off',
    componentsPerIteration: settings.componentChoice === 'round-robin' ? 1 : Math.max(1, server.length),
    definitionTokens: tokensOf(JSON.stringify(tools.map(toFunctionTool))),
    systemPromptTokens: tokensOf(suite.systemPrompt),
    serverDescriptionTokens: countDescriptionTokens(Object.fromEntries(server.map((t) => [t.name, t.description]))),
    countTokens: tokensOf,
    priceOf: (model, tokensIn, tokensOut) => {
      const price = Object.hasOwn(prices, model) ? prices[model]! : undefined;
      return price === undefined ? null : callCost(price, { promptTokens: tokensIn, cachedPromptTokens: 0, completionTokens: tokensOut });
    },
  });
}
