import type { TraceStore } from '../../traces/index.ts';
import { SUITE_RUN } from './run-settings.ts';

/** A run to hang hand-recorded episodes on: what the Langfuse tests need without starting servers. */
export function handRun(store: TraceStore): string {
  return store.createRun({
    suite: 'hand',
    suitePath: 'hand.yaml',
    agent: 'sim',
    split: 'val',
    repeats: 1,
    seed: 0,
    concurrency: 1,
    versionIds: {},
    ...SUITE_RUN,
  }).id;
}

/** Starts an episode of `runId` and records one tool call in it; the caller finishes it. */
export function startHandEpisode(store: TraceStore, runId: string, taskId: string): string {
  const { id } = store.startEpisode({ runId, taskId, split: 'val', repeat: 0, seed: 1 });
  store.addToolStep(id, { server: 'lab', tool: 'add', name: 'add', args: { a: 1, b: 2 }, output: '3', isError: false, latencyMs: 2 });
  return id;
}

export const ANSWERED = { status: 'completed', answer: '3', success: true, feedback: 'right', stop: 'answered' } as const;
