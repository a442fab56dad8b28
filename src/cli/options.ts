import { InvalidArgumentError } from 'commander';

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
