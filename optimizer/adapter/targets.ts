// What the search optimizes. Whatever the target, success, the first-choice share and the used-server share
// are reported beside it, read from the scores each episode recorded (src/run/server-choice.ts).
import { firstChoices, SCORE, type ServerChoice, serverChoiceOf } from '../../src/index.ts';
import type { TaskResult } from '../engine/types.ts';
import type { EpisodeFacts } from './facts.ts';

export const TARGET_NAMES = ['success', 'selection', 'feedback'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export interface TargetScore {
  score: number;
  /** one or two sentences the reflection reads */
  feedback: string;
}

export interface Target {
  readonly name: TargetName;
  score(facts: EpisodeFacts): TargetScore;
}

/** An episode's facts with the target's verdict on them: scored once, when the episode is recorded or read back. */
export interface ScoredEpisode extends EpisodeFacts {
  verdict: TargetScore;
}

export function scoreEpisode(facts: EpisodeFacts, target: Target): ScoredEpisode {
  return { ...facts, verdict: target.score(facts) };
}

/** The server's recorded choice scores; every episode the optimizer evaluates or reads back has them. */
export function choiceOf(facts: EpisodeFacts, server: string): ServerChoice {
  const choice = serverChoiceOf(facts.scores, server);
  if (choice === undefined) throw new Error(`episode ${facts.episodeId} recorded no ${SCORE.firstChoiceShare} or ${SCORE.usedServer} of ${server}`);
  return choice;
}

/** The measurements reported for every target, read from the episode's recorded scores. */
export function episodeMetrics(facts: EpisodeFacts, server: string): Record<string, number> {
  const choice = choiceOf(facts, server);
  // found@k's counts, recorded by deferred episodes only (src/run/deferred-loading-scores.ts)
  const deferred = [SCORE.labelledSteps, SCORE.labelledStepsFound].flatMap((name) =>
    facts.scores.has(name) ? [[name, facts.scores.get(name)!] as const] : [],
  );
  return {
    [SCORE.success]: facts.success ? 1 : 0,
    [SCORE.firstChoiceShare]: choice.firstChoiceShare,
    [SCORE.usedServer]: choice.usedServer,
    ...Object.fromEntries(deferred),
  };
}

/** What the engine reads of a scored episode. */
export function taskResult(episode: ScoredEpisode, server: string): TaskResult<ScoredEpisode> {
  return { taskId: episode.taskId, score: episode.verdict.score, metrics: episodeMetrics(episode, server), trace: episode };
}

export function targetFor(name: TargetName, server: string): Target {
  switch (name) {
    case 'success':
      return { name, score: (f) => ({ score: f.success ? 1 : 0, feedback: f.feedback }) };
    case 'selection':
      return {
        name,
        // selection is the first-choice share, as recorded with the episode
        score(f) {
          const share = choiceOf(f, server).firstChoiceShare;
          const choices = firstChoices(f.calls);
          const others = [...new Set(choices.filter((c) => c.server !== server).map((c) => c.name))];
          if (share === 1) return { score: 1, feedback: `The agent chose ${server} for every step.` };
          if (share === 0) return { score: 0, feedback: `${server} was not chosen; the agent chose ${others.join(', ') || 'no tool'} instead.` };
          const mine = choices.filter((c) => c.server === server).length;
          return { score: share, feedback: `The agent chose ${server} for ${mine} of ${choices.length} steps; for the others it chose ${others.join(', ')}.` };
        },
      };
    case 'feedback':
      return {
        name,
        score(f) {
          const mine = f.ratings.filter((r) => f.calls.some((c) => c.server === server && (c.name === r.tool || c.tool === r.tool)));
          if (mine.length === 0) {
            return {
              score: 0,
              feedback:
                choiceOf(f, server).usedServer === 1
                  ? `The agent used ${server} but did not rate it.`
                  : `The agent did not use ${server}, so it did not rate it.`,
            };
          }
          const mean = mine.reduce((s, r) => s + r.rating, 0) / mine.length;
          return {
            score: (mean - 1) / 4,
            feedback: mine.map((r) => `The agent rated ${r.tool} ${r.rating}/5${r.comment ? `: "${r.comment}"` : ''}.`).join(' '),
          };
        },
      };
  }
}

/**
 * The gate is on by default where the objective is the users' (success, feedback): a description that wins
 * there by listing request words, copying outputs or dropping a limit is not shippable. Under selection it
 * is off, so the drift that target rewards stays visible (turn it on with --gate).
 */
export function defaultHonestyGate(target: TargetName): boolean {
  return target !== 'selection';
}
