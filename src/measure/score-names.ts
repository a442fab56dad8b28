// Every score name an episode records (the store's `scores.name`), in one place: the host and the checks write
// them, and every report, the optimizer's targets and the experiment's columns read them by these names.

export const SCORE = {
  /** 1 when the task's check passed, else 0 (src/run/episode.ts) */
  success: 'success',
  /** the share of the episode's tool calls that went to a labelled tool, and of labelled tools that were called */
  toolPrecision: 'tool_precision',
  toolRecall: 'tool_recall',
  /** a market episode's deal (src/checks/deal-check.ts): 0 or 1, the price per unit, the share of the limit unspent, 0 or 1 */
  deal: 'deal',
  price: 'price',
  savings: 'savings',
  limitViolation: 'limit_violation',
  /** `chosen:<server>`: 1 for the server a market episode called first */
  chosenPrefix: 'chosen:',
  /** `first_choice_share:<server>` and `used_server:<server>`, per server of the catalogue (src/run/server-choice.ts) */
  firstChoiceShare: 'first_choice_share',
  usedServer: 'used_server',
  /** deferred loading (src/run/deferred-loading-scores.ts): plan steps whose labelled tool a search returned, of all */
  labelledStepsFound: 'labelled_steps_found',
  labelledSteps: 'labelled_steps',
  /** of those found, the steps whose labelled tool some search ranked first, and the sum of their best ranks */
  labelledStepsRankedFirst: 'labelled_steps_ranked_first',
  labelledStepsRankSum: 'labelled_steps_rank_sum',
  /** o200k_base tokens of the descriptions the agent was given, and the same had every tool been listed */
  loadedTokens: 'loaded_tokens',
  allToolsTokens: 'all_tools_tokens',
} as const;

/** Deferred loading's scores, which reports show in columns of their own. */
export const DEFERRED_LOADING_SCORES: ReadonlySet<string> = new Set([
  SCORE.labelledStepsFound,
  SCORE.labelledSteps,
  SCORE.labelledStepsRankedFirst,
  SCORE.labelledStepsRankSum,
  SCORE.loadedTokens,
  SCORE.allToolsTokens,
]);
