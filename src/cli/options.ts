import { InvalidArgumentError, Option } from 'commander';

/** Commander parsers that reject bad numbers with a message naming the flag's expectation. */
export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive integer.');
  return Number(value);
}

export function nonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a non-negative integer.');
  return Number(value);
}

/** A share from 0 to 1 (of episodes, or of success rate for a threshold). */
export function share(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('expected a number from 0 to 1 (0.05 = 5%).');
  return n;
}

/** The --max-error-rate option every command that runs episodes declares, with one help text. */
export const MAX_ERROR_RATE_HELP =
  'share of episodes allowed to end in an infrastructure error (model endpoint, MCP server); beyond it the command stops and exits 2 naming the cause';

/** --rpm or --tpm, declared alike by every command that makes model clients (a fresh Option for each command). */
export function rateLimitOption(kind: 'rpm' | 'tpm'): Option {
  const what =
    kind === 'rpm' ? 'requests per minute the model endpoint allows' : 'prompt tokens per minute the model endpoint allows (estimated at 4 characters a token)';
  return new Option(
    `--${kind} <n>`,
    `${what}, shared by every model call of this process (agent and proposer), so episodes in flight wait instead of drawing 429s; default: ${kind} in the model block of tdo.config.json, else no limit`,
  ).argParser(positiveInt);
}

export function choice<T extends string>(allowed: readonly T[]): (value: string) => T {
  return (value) => {
    if (!(allowed as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${allowed.join(', ')}.`);
    return value as T;
  };
}

/** An `--agent` value: the default sim, one of its personas, or an LLM. */
export type AgentSpec = 'sim' | 'llm' | `sim:${string}`;

/** Checks the form only: an unknown persona is refused where the agent is built, with the list of names. */
export function agentSpec(value: string): AgentSpec {
  if (value === 'sim' || value === 'llm' || /^sim:./.test(value)) return value as AgentSpec;
  throw new InvalidArgumentError('expected one of sim, llm or sim:PERSONA (`tdo agents` lists them).');
}

/** One `--agents` entry as the settings a run stores: the default sim, a sim persona, or an LLM with its model. */
export type AgentListEntry = { kind: 'sim'; persona?: string } | { kind: 'llm'; model: string };

/**
 * `--agents sim:a,sim:b,llm:MODEL`: two or more different agents. Checks the form only: an unknown persona is
 * refused where the agent is built, with the list of names.
 */
export function agentList(value: string): AgentListEntry[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const entries = items.map((item): AgentListEntry => {
    if (item === 'sim') return { kind: 'sim' };
    if (/^sim:./.test(item)) return { kind: 'sim', persona: item.slice('sim:'.length) };
    if (/^llm:./.test(item)) return { kind: 'llm', model: item.slice('llm:'.length) };
    throw new InvalidArgumentError(`"${item}" is not an agent: expected sim, sim:PERSONA (\`tdo agents\` lists them) or llm:MODEL.`);
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
