import { InvalidArgumentError } from 'commander';
import { negatedOption, switchOption, valueOption, type FlagsOf, type OptionSpec } from './option-table.ts';
import type { RateLimitFlags } from './rate-limits.ts';
import { DEFAULT_TOOL_SEARCH_K, MAX_TOOL_SEARCH_K, proseList, TOOL_SEARCH_MODES, type ToolSearchMode } from '../src/index.ts';
import { AGENT_FLAG_FORMS, AGENT_FLAG_HELP, AGENTS_ENTRY_FORMS, agentFromEntry, agentFromFlag, type AgentConfig } from '../src/index.ts';
import { PROPOSER_KIND_NAMES } from '../optimizer/index.ts';

/** Commander parsers that reject bad numbers with a message naming the flag's expectation (commander names the flag). */
export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive integer.');
  return safeInteger(value);
}

export function nonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a non-negative integer.');
  return safeInteger(value);
}

/** Digits that are a number a run can store: beyond 2^53 - 1 they would round to another one. */
function safeInteger(digits: string): number {
  const n = Number(digits);
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(`expected an integer of at most ${Number.MAX_SAFE_INTEGER}.`);
  return n;
}

function toolSearchK(value: string): number {
  const k = positiveInt(value);
  if (k > MAX_TOOL_SEARCH_K) throw new InvalidArgumentError(`expected at most ${MAX_TOOL_SEARCH_K}.`);
  return k;
}

/** --tool-search and --tool-search-k, as every command that runs episodes may take them. */
export interface ToolSearchFlags {
  toolSearch?: ToolSearchMode;
  toolSearchK?: number;
}

/** A share from 0 to 1 (of episodes, or of success rate for a threshold). */
export function share(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('expected a number from 0 to 1 (0.05 = 5%).');
  return n;
}

/** Dollars, as a cap: a positive number such as 2 or 0.25. */
export function dollars(value: string): number {
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value.trim()) || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError('expected a positive amount of US dollars, such as 2 or 0.25.');
  return n;
}

/** The --max-error-rate option every command that runs episodes declares, with one help text. */
export const MAX_ERROR_RATE_HELP =
  'share of episodes allowed to end in an infrastructure error (model endpoint, MCP server); beyond it the command stops and exits 3 naming the cause (as it does, whatever the share, when no episode was judged)';

/** --rpm or --tpm, declared alike by every command that makes model clients. */
export function rateLimitSpec(kind: 'rpm' | 'tpm'): OptionSpec<number, false> {
  const what =
    kind === 'rpm' ? 'requests per minute the model endpoint allows' : 'prompt tokens per minute the model endpoint allows (estimated at 4 characters a token)';
  return valueOption(
    `--${kind} <n>`,
    `${what}, shared by every model call of this process (agent and proposer), so episodes in flight wait instead of drawing 429s; default: ${kind} in the model block of tdo.config.json, else no limit`,
    { parse: positiveInt },
  );
}

/** --db and --config: every command that reads the config or the trace store takes both. */
export interface StoreFlags {
  db?: string;
  config?: string;
}

export interface JsonFlag {
  json?: boolean;
}

export interface QueueFlag {
  /** --queue redis://HOST:PORT[/DB]: run the episodes on `tdo worker` processes instead of in this one */
  queue?: string;
}

/** --rpm, --tpm and --no-cache: every command whose agents or proposer may call a model takes them. */
export interface ModelClientFlags extends RateLimitFlags {
  /** false with --no-cache */
  cache: boolean;
}

/**
 * The options shared by commands, declared once here so each means the same everywhere; each command's table
 * (cli/tables/) takes them.
 */
export const sharedSpec = {
  db: () => valueOption('--db <path>', 'trace database (default TDO_DB, else `db` in tdo.config.json, else tdo.db in the working directory)'),
  config: () => valueOption('--config <file>', 'tdo.config.json to read (default TDO_CONFIG, else ./tdo.config.json)'),
  json: (what = 'print one JSON object (snake_case keys) instead of text') => switchOption('--json', what),
  suite: (what = 'a shipped suite (lab) or a suite file (.yaml/.json)') => valueOption('--suite <name|path>', what),
  /** --suite where a command takes several suites */
  suites: (what = 'suite names or files, comma-separated') => valueOption<string[]>('--suite <names>', what, { parse: commaList, default: [] }),
  /** --version: one description version, or a comma list (or the flag repeated) */
  version: (what: string) => valueOption<string[]>('--version <ids>', what, { parse: commaList, default: [] }),
  agent: (what = AGENT_FLAG_HELP) => valueOption<AgentSpec>('--agent <kind>', what, { parse: agentSpec, default: 'sim' }),
  model: (what = 'model name for --agent llm (endpoint from OPENAI_BASE_URL, key from OPENAI_API_KEY)') => valueOption('--model <name>', what),
  seed: (what = 'run seed (sim choices and episode seeds derive from it)', fallback = 0) =>
    valueOption('--seed <n>', what, { parse: nonNegativeInt, default: fallback }),
  concurrency: (what = 'episodes in flight', fallback = 4) => valueOption('--concurrency <n>', what, { parse: positiveInt, default: fallback }),
  /** --agents: two or more agents instead of --agent; each command says what they do */
  agents: (what: string) => valueOption('--agents <list>', what, { parse: agentList }),
  /** --objective: with --agents, what a search's winner maximizes; each command words it */
  objective: (what: string) => valueOption('--objective <how>', what, { parse: choice(['mean', 'worst'] as const) }),
  /** --condition: suite condition values, repeatable */
  condition: (what: string) => valueOption<Record<string, string>>('--condition <name=value,...>', what, { parse: conditionList, default: {} }),
  maxSteps: () => valueOption('--max-steps <n>', 'model calls per episode for --agent llm', { parse: positiveInt }),
  maxErrorRate: () => valueOption('--max-error-rate <x>', MAX_ERROR_RATE_HELP, { parse: share, default: 0 }),
  toolSearch: () =>
    valueOption(
      '--tool-search <mode>',
      `deferred tool loading: off (every tool listed), ${proseList(TOOL_SEARCH_MODES.slice(1), 'or')} (the agent starts with one search tool and may call only the tools its searches return); default: toolSearch in the suite file, else in tdo.config.json, else off`,
      { parse: choice(TOOL_SEARCH_MODES) },
    ),
  toolSearchK: () =>
    valueOption(
      '--tool-search-k <n>',
      `tools one search returns (at most ${MAX_TOOL_SEARCH_K}); default: toolSearch.k in the suite file, else in tdo.config.json, else ${DEFAULT_TOOL_SEARCH_K}`,
      { parse: toolSearchK },
    ),
  queue: () =>
    valueOption('--queue <url>', 'run the episodes on `tdo worker` processes through this Redis queue (redis://HOST:PORT[/DB]); this process records them'),
};

/** --db and --config, in that order. */
export function storeSpecs() {
  return { db: sharedSpec.db(), config: sharedSpec.config() };
}

/**
 * --max-cost and --max-tokens: every command that may call a model for a while (run, experiment, optimize, demo).
 * The stop is the interruption's, so the command is resumed with a raised cap (src/models/spend.ts); `notResumed`
 * words the stop of a command that is not resumed (the demo).
 */
export function spendCapSpecs(notResumed?: string) {
  const stop =
    notResumed ??
    'the command stops taking new work (episodes in flight finish), keeps everything recorded and reports the stop; --resume continues it with a raised cap';
  return {
    maxCost: valueOption(
      '--max-cost <dollars>',
      `stop once the model calls of this command (agent and proposer${notResumed === undefined ? '; on --resume, of the whole run' : ''}) have cost this much at the prices in tdo.config.json (model.prices): ${stop}`,
      { parse: dollars },
    ),
    maxTokens: valueOption('--max-tokens <n>', `stop once the model calls have spent this many prompt and completion tokens: ${stop}`, { parse: positiveInt }),
  };
}

/** --record and --replay: every command that calls a model for a while (src/models/cassette.ts). */
export function cassetteSpecs() {
  return {
    record: valueOption(
      '--record <file>',
      "write every model request and its answer (agent and proposer) to this cassette; an existing cassette is extended, as a resumed run's is",
    ),
    replay: valueOption(
      '--replay <file>',
      'answer every model request from this cassette instead of an endpoint (none is needed); a request it does not hold stops the command',
    ),
  };
}

/** --rpm, --tpm and --no-cache, in that order. */
export function modelClientSpecs() {
  return {
    rpm: rateLimitSpec('rpm'),
    tpm: rateLimitSpec('tpm'),
    cache: negatedOption(
      '--no-cache',
      'for llm agents and proposers: send every request to the endpoint instead of replaying stored answers (fresh answers are still stored)',
    ),
  };
}

/** --model in a search: one model name for each LLM part that names none of its own (cli/agents.ts, proposers.ts). */
const SEARCH_MODEL_HELP =
  "model for --agent llm and for --proposer llm: with both, both use it unless --proposer-model names the proposer's; with --agent sim (or --agents) it is the proposer's";

/** The options of a search after --agent, in order; each command words --agents and --objective for its search. */
export function searchAgentSpecs(what: { agents: string; objective: string }) {
  return {
    agents: sharedSpec.agents(what.agents),
    objective: sharedSpec.objective(what.objective),
    model: sharedSpec.model(SEARCH_MODEL_HELP),
    proposer: valueOption(
      '--proposer <kind>',
      'sim (rule-based edits read off the trajectories, not an LLM) or llm (a model reads the failed trajectories and rewrites)',
      {
        parse: choice(PROPOSER_KIND_NAMES),
        default: 'sim',
      },
    ),
    proposerModel: valueOption('--proposer-model <name>', 'model for --proposer llm (default: --model)'),
    ...modelClientSpecs(),
  };
}

/** What every command that runs episodes takes (run, experiment, optimize, demo). */
export type EpisodeCommandFlags = ModelClientFlags & QueueFlag & StoreFlags & JsonFlag;

/** A search's flags (optimize, demo): who evaluates the candidates (--agent or --agents) and who proposes them. */
export type SearchFlags = EpisodeCommandFlags & { agent: AgentSpec } & FlagsOf<ReturnType<typeof searchAgentSpecs>>;

export function choice<T extends string>(allowed: readonly T[]): (value: string) => T {
  return (value) => {
    if (!(allowed as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${allowed.join(', ')}.`);
    return value as T;
  };
}

/** An `--agent` value that names an agent (src/agents/kinds/): the default sim, one of its personas, or an LLM. */
export type AgentSpec = string;

/** Checks the form only: an unknown persona is refused where the agent is built, with the list of names. */
export function agentSpec(value: string): AgentSpec {
  if (agentFromFlag(value) !== undefined) return value;
  throw new InvalidArgumentError(`expected one of ${AGENT_FLAG_FORMS} (\`tdo agents\` lists them).`);
}

/**
 * `--agents sim:a,sim:b,llm:MODEL`: two or more different agents. Checks the form only: an unknown persona is
 * refused where the agent is built, with the list of names.
 */
export function agentList(value: string): AgentConfig[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const entries = items.map((item) => {
    const agent = agentFromEntry(item);
    if (agent !== undefined) return agent;
    throw new InvalidArgumentError(`"${item}" is not an agent: expected ${AGENTS_ENTRY_FORMS} (\`tdo agents\` lists them).`);
  });
  if (entries.length < 2) throw new InvalidArgumentError('expected two or more agents separated by commas (for one agent, use --agent).');
  const repeated = items.filter((item, i) => items.indexOf(item) !== i);
  if (repeated.length > 0) throw new InvalidArgumentError(`each agent may be given once; repeated: ${[...new Set(repeated)].join(', ')}.`);
  return entries;
}

export function commaList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}

/** `name=value,name=value` into a record; repeated flags add up, a name given twice keeps the last value. */
export function conditionList(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const parsed = { ...previous };
  for (const pair of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9_-]+)=([^=]+)$/.exec(pair);
    if (!match) throw new InvalidArgumentError(`expected name=value pairs separated by commas, got "${pair}".`);
    parsed[match[1]!] = match[2]!.trim();
  }
  return parsed;
}

export function isoDate(value: string): Date {
  const parsed = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(parsed.getTime()))
    throw new InvalidArgumentError('expected a date such as 2026-11-29 or 2026-11-29T08:00:00Z.');
  return parsed;
}
