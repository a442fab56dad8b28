// Episodes that ended in an outage (model endpoint, MCP server, the agent itself) rather than a verdict:
// counted apart from outcomes, with their causes, and held to a maximum share of a run's episodes.
import { counted } from '../text/counted.ts';

export interface ErrorCause {
  cause: string;
  episodes: number;
}

export interface ErrorTally {
  /** finished episodes, judged and errored */
  episodes: number;
  /** episodes the infrastructure failed: no verdict on their task */
  errors: number;
  /** episodes with a verdict; the denominator of every rate */
  judged: number;
  /** distinct causes, most frequent first */
  causes: ErrorCause[];
}

/** Tallies finished episodes; an errored one's cause is its note. */
export function tallyErrors(episodes: ReadonlyArray<{ status: string; note: string | null }>): ErrorTally {
  const finished = episodes.filter((e) => e.status !== 'running');
  const counts = new Map<string, number>();
  for (const e of finished) {
    if (e.status !== 'error') continue;
    const cause = e.note ?? 'no cause recorded';
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  const errors = [...counts.values()].reduce((a, b) => a + b, 0);
  return {
    episodes: finished.length,
    errors,
    judged: finished.length - errors,
    causes: [...counts].map(([cause, n]) => ({ cause, episodes: n })).sort((a, b) => b.episodes - a.episodes || (a.cause < b.cause ? -1 : 1)),
  };
}

/** Whether errors exceed the allowed share (0 allows none). */
function tooManyErrors(tally: Pick<ErrorTally, 'episodes' | 'errors'>, maxErrorRate: number): boolean {
  return tally.errors > 0 && tally.errors > maxErrorRate * tally.episodes + 1e-9;
}

/**
 * Why a finished run's figures are an outage rather than a result, for summaries and exit messages; undefined
 * when they are a result. More errored episodes than `maxErrorRate` allows, or errored episodes and no judged
 * one: whatever share was allowed, such a run measured nothing.
 */
export function outageCause(tally: ErrorTally, maxErrorRate: number, listCommand?: string): string | undefined {
  if (tooManyErrors(tally, maxErrorRate)) return `${describeErrors(tally, listCommand)} --max-error-rate allows ${(maxErrorRate * 100).toFixed(1)}%.`;
  if (tally.errors > 0 && tally.judged === 0) return `${describeErrors(tally, listCommand)} No episode was judged, so nothing was measured.`;
  return undefined;
}

/**
 * "3 of 20 episodes (15.0%) errored, not judged. Cause (3): ..." for summaries and exit messages; the other
 * causes are in what `listCommand` lists (the caller knows the run and the database).
 */
export function describeErrors(tally: ErrorTally, listCommand = 'tdo traces list --errored'): string {
  if (tally.errors === 0) return 'no episode errored.';
  const share = tally.episodes === 0 ? 0 : (100 * tally.errors) / tally.episodes;
  const [first] = tally.causes;
  const others = tally.causes.length > 1 ? ` ${counted(tally.causes.length - 1, 'other cause')} in \`${listCommand}\`.` : '';
  const cause = /[.!?]$/.test(first!.cause) ? first!.cause : `${first!.cause}.`;
  return `${tally.errors} of ${tally.episodes} episodes (${share.toFixed(1)}%) errored, not judged. Cause (${first!.episodes}): ${cause}${others}`;
}

/**
 * Stops a run early once its errors can no longer stay within the allowed share of all its planned
 * episodes: a dead endpoint costs one episode, not a whole suite of retries.
 */
export class ErrorBudget {
  private errors = 0;
  private readonly allowed: number;

  constructor(maxErrorRate: number, planned: number) {
    this.allowed = Math.floor(maxErrorRate * planned + 1e-9);
  }

  record(status: 'completed' | 'error'): void {
    if (status === 'error') this.errors++;
  }

  get exhausted(): boolean {
    return this.errors > this.allowed;
  }
}

/** Checks a --max-error-rate value; the message names the flag. */
export function checkMaxErrorRate(value: number): string | undefined {
  return Number.isFinite(value) && value >= 0 && value <= 1
    ? undefined
    : `--max-error-rate must be a share between 0 and 1 (0 allows no errored episodes), got ${value}`;
}
