// `tdo optimize`'s options, declared once (cli/option-table.ts); the stored paths are in an optimize run's settings
// (optimizer/search/settings.ts), the defaults the demo's (optimizer/search/defaults.ts).
import { AGENTS_ENTRY_FORMS } from '../../src/index.ts';
import { OPTIMIZE_DEFAULTS, TARGET_NAMES } from '../../optimizer/index.ts';
import { choice, isoDate, positiveInt, searchAgentSpecs, sharedSpec, spendCapSpecs, cassetteSpecs, storeSpecs } from '../options.ts';
import { fixed, storedAt, switchOption, valueOption, type FlagsOf } from '../option-table.ts';
import { optimizeSetting, runColumn } from '../stored-key.ts';

const D = OPTIMIZE_DEFAULTS;
const { copied, derived } = optimizeSetting;

function searchAgents() {
  const specs = searchAgentSpecs({
    agents: `several agents that each evaluate every candidate, instead of --agent: ${AGENTS_ENTRY_FORMS}, comma-separated (e.g. sim:qwen2-5-32b,sim:qwen2-5-0-5b); the budget counts every episode of every agent`,
    objective: "with --agents, what the winner maximizes: mean (the agents' mean validation score) or worst (the worst agent's); default mean",
  });
  return {
    ...specs,
    agents: fixed(specs.agents, derived('agents')),
    objective: fixed(specs.objective, derived('objective')),
    model: fixed(specs.model, derived('agent', 'model or proposer.model')),
    proposer: fixed(specs.proposer, derived('proposer')),
    proposerModel: fixed(specs.proposerModel, derived('proposer', 'model')),
  };
}

export const OPTIMIZE_OPTIONS = {
  target: fixed(
    valueOption(
      '--target <target>',
      "what to optimize: success, selection (the first-choice share: the share of the agent's first choices, before any fallback, that go to the server) or feedback (LLM agent only)",
      { parse: choice(TARGET_NAMES), default: D.target },
    ),
    copied('target'),
  ),
  suite: fixed(sharedSpec.suite(), runColumn('suitePath')),
  server: fixed(valueOption('--server <name>', "the suite server whose descriptions are optimized (default: the suite's target)"), derived('server')),
  budget: fixed(valueOption('--budget <n>', 'metric calls (task episodes) the search may spend', { parse: positiveInt, default: D.budget }), copied('budget')),
  agent: fixed(sharedSpec.agent(), derived('agent')),
  ...searchAgents(),
  minibatch: fixed(valueOption('--minibatch <n>', 'train tasks per iteration', { parse: positiveInt, default: D.minibatch }), derived('minibatch')),
  parallelIterations: fixed(
    valueOption(
      '--parallel-iterations <n>',
      "mutations tried at once, each from the pool as their round began: keeps --concurrency's slots full against a slow model; changes the search (later mutations of a round do not see earlier ones' children), the same for the same seed and n",
      { parse: positiveInt, default: D.parallelIterations },
    ),
    derived('parallelIterations'),
  ),
  merge: fixed(switchOption('--merge', 'also merge Pareto candidates from different lineages'), derived('merge')),
  seed: fixed(sharedSpec.seed('search seed (minibatches, parent draws, sim edits and episode seeds derive from it)'), copied('randomSeed')),
  components: fixed(
    valueOption('--components <how>', 'which descriptions to rewrite per iteration: attribution (those implicated in failures) or round-robin', {
      parse: choice(['attribution', 'round-robin'] as const),
      default: D.componentChoice,
    }),
    copied('componentChoice'),
  ),
  patience: fixed(valueOption('--patience <k>', 'stop after k iterations without a new best', { parse: positiveInt }), copied('patience')),
  stopFile: valueOption('--stop-file <path>', 'stop cleanly (and save) once this file exists'),
  concurrency: storedAt(sharedSpec.concurrency('episodes in flight at once, over every evaluation of the search'), copied('concurrency')),
  condition: fixed(sharedSpec.condition("suite conditions, e.g. limit_in=token (repeatable; the suite's defaults fill the rest)"), copied('conditions')),
  toolSearch: fixed(sharedSpec.toolSearch(), derived('toolSearch')),
  toolSearchK: fixed(sharedSpec.toolSearchK(), derived('toolSearch')),
  traces: fixed(
    valueOption('--traces <source>', "reflect first on the seed's episodes recorded elsewhere: langfuse (imports them; needs --session and/or --since)", {
      parse: choice(['langfuse'] as const),
    }),
    derived('seedEpisodes'),
  ),
  session: fixed(valueOption('--session <runId>', 'with --traces langfuse: the episodes of this run (its Langfuse session)'), derived('seedEpisodes')),
  since: fixed(
    valueOption('--since <date>', 'with --traces langfuse: episodes that started at or after this date (ISO 8601)', { parse: isoDate }),
    derived('seedEpisodes'),
  ),
  allowFlags: fixed(
    switchOption(
      '--allow-flags',
      'turn the honesty gate off: candidates that gain a lint warning or error (task-word lists, copied output, dropped limits, inflated claims, ...) are then run like any other (the gate is on by default under --target success and feedback)',
    ),
    derived('honestyGate'),
  ),
  gate: fixed(switchOption('--gate', 'turn the honesty gate on under --target selection, where it is off by default'), derived('honestyGate')),
  // gate rules: changing one mid-search would judge the later proposals by another rule than the earlier ones
  toolTokenBudget: fixed(
    valueOption(
      '--tool-token-budget <n>',
      "no tool's description may exceed n tokens (o200k_base, as the report counts them): the gate refuses any proposal over it, even one that shortens an over-budget seed without reaching n, and only a candidate within it can win",
      { parse: positiveInt },
    ),
    copied('toolTokenBudget'),
  ),
  catalogueTokenBudget: fixed(
    valueOption(
      '--catalogue-token-budget <n>',
      "the server's descriptions together may not exceed n tokens: the gate refuses any proposal that leaves them over it, and only a candidate within it can win",
      { parse: positiveInt },
    ),
    copied('catalogueTokenBudget'),
  ),
  paretoTokens: fixed(
    switchOption(
      '--pareto-tokens',
      "weigh description tokens beside the target's score: a child as good on its minibatch and shorter is accepted, the shortest candidates stay on the Pareto front, and of winners with the same validation score the shorter wins",
    ),
    copied('paretoTokens'),
  ),
  resume: valueOption('--resume <runId>', 'continue an interrupted optimize run with its own settings'),
  ...spendCapSpecs(),
  ...cassetteSpecs(),
  dryRun: switchOption(
    '--dry-run',
    "print the estimate of the search's agent and proposer calls, tokens and cost (the suite's servers are started to count the catalogue) and stop before any model endpoint is reached",
  ),
  queue: sharedSpec.queue(),
  ...storeSpecs(),
  json: sharedSpec.json(),
};

export type OptimizeFlags = FlagsOf<typeof OPTIMIZE_OPTIONS>;
