import type { TaskResult } from '../../../optimizer/engine/types.ts';
import type { EpisodeFacts } from '../../../optimizer/adapter/facts.ts';
import type { ScoredEpisode } from '../../../optimizer/adapter/targets.ts';
import { serverChoiceScores } from '../../../src/run/server-choice.ts';
import type { ToolCall } from '../../../traces/index.ts';

/** An episode's facts; unless given, its scores are the choice scores the episode would have recorded for srv and every server it called. */
export function facts(overrides: Partial<EpisodeFacts> = {}): EpisodeFacts {
  const calls = overrides.calls ?? [];
  const servers = [...new Set(['srv', ...calls.map((c) => c.server)])];
  return {
    episodeId: 'e-1',
    taskId: 't1',
    prompt: 'How far is 5 miles in km?',
    plan: [{ intent: 'how far is 5 miles in kilometres', args: {}, tools: ['convert'] }],
    calls,
    answer: null,
    success: false,
    feedback: 'Expected 8.05.',
    ratings: [],
    scores: new Map(serverChoiceScores(servers, calls).map((s) => [s.name, s.value])),
    ...overrides,
  };
}

export function call(server: string, tool: string, overrides: Partial<ToolCall> = {}): ToolCall {
  return { server, name: tool, tool, args: { x: 1 }, output: 'ok', isError: false, latencyMs: 1, ...overrides };
}

/** A result scored `score`, with the checker's feedback as the verdict's (as the success target gives it). */
export function result(trace: EpisodeFacts, score: number): TaskResult<ScoredEpisode> {
  return { taskId: trace.taskId, score, metrics: {}, trace: { ...trace, verdict: { score, feedback: trace.feedback } } };
}
