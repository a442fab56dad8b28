// Which servers the agent chose, measured once when an episode finishes and recorded with it as two scores
// per server of the catalogue; every report (optimize, experiment, diff, versions, the demo) reads these rows.
//   first_choice_share:<server>  the share of the agent's first choices that went to the server
//   used_server:<server>         1 when the episode called the server at all, else 0
import type { ScoreInput } from '../../traces/index.ts';
import { SCORE } from '../measure/score-names.ts';

/** A tool call as far as choosing goes: where it went and whether it failed. */
export interface ChoiceCall {
  server: string;
  isError: boolean;
}

/**
 * The agent's choices of tool: every call except one made right after an error result, which is a retry
 * or a fallback the error forced (the sim agent's fallback, an LLM's second try), not a free choice.
 * First choices, not all calls: when the server's tool fails and the agent falls back to another, the step
 * still chose the server (a share of all calls would let a tool gain by failing less, which is success).
 */
export function firstChoices<T extends ChoiceCall>(calls: readonly T[]): T[] {
  return calls.filter((_, i) => i === 0 || calls[i - 1]?.isError !== true);
}

export function firstChoiceShareName(server: string): string {
  return `${SCORE.firstChoiceShare}:${server}`;
}

export function usedServerName(server: string): string {
  return `${SCORE.usedServer}:${server}`;
}

/** Both scores for each server; a server never chosen gets explicit zeros, so "not measured" stays distinguishable. */
export function serverChoiceScores(servers: readonly string[], calls: readonly ChoiceCall[]): ScoreInput[] {
  const choices = firstChoices(calls);
  return servers.flatMap((server) => {
    const mine = choices.filter((c) => c.server === server).length;
    return [
      {
        name: firstChoiceShareName(server),
        value: choices.length === 0 ? 0 : mine / choices.length,
        comment: `${mine} of ${choices.length} first choices went to ${server}.`,
      },
      { name: usedServerName(server), value: calls.some((c) => c.server === server) ? 1 : 0 },
    ];
  });
}

export interface ServerChoice {
  firstChoiceShare: number;
  /** 1 or 0 */
  usedServer: number;
}

/** The server's two scores from an episode's recorded scores; undefined when it recorded neither (a proxy session, an import). */
export function serverChoiceOf(scores: ReadonlyMap<string, number>, server: string): ServerChoice | undefined {
  const firstChoiceShare = scores.get(firstChoiceShareName(server));
  const usedServer = scores.get(usedServerName(server));
  return firstChoiceShare === undefined || usedServer === undefined ? undefined : { firstChoiceShare, usedServer };
}

/** Whether a score is one of these (reports give them columns of their own). */
export function isServerChoiceScore(name: string): boolean {
  return name.startsWith(`${SCORE.firstChoiceShare}:`) || name.startsWith(`${SCORE.usedServer}:`);
}
