import type { TaskResult } from '../../../optimizer/engine/types.ts';
import type { CallFact, EpisodeFacts } from '../../../optimizer/mcp/facts.ts';

export function facts(overrides: Partial<EpisodeFacts> = {}): EpisodeFacts {
  return {
    episodeId: 'e-1',
    taskId: 't1',
    prompt: 'How far is 5 miles in km?',
    plan: [{ intent: 'how far is 5 miles in kilometres', args: {}, tools: ['convert'] }],
    calls: [],
    answer: null,
    success: false,
    feedback: 'Expected 8.05.',
    ratings: [],
    ...overrides,
  };
}

export function call(server: string, tool: string, overrides: Partial<CallFact> = {}): CallFact {
  return { server, tool, catalogueName: tool, args: { x: 1 }, output: 'ok', isError: false, ...overrides };
}

export function result(trace: EpisodeFacts, score: number): TaskResult<EpisodeFacts> {
  return { taskId: trace.taskId, score, metrics: {}, trace };
}
