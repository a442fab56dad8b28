import { sqliteErrorCode } from './errors.ts';
import type { EpisodeWrites } from './episode-writes.ts';
import type { EpisodeResult, EpisodeRow, StartEpisodeInput } from './types.ts';

// An episode's own row (traces/recording.ts): inserted as running, then finished with its result.

/**
 * Inserts the attempt as running. A 'running' leftover of its key is a killed attempt and an 'error' one
 * an outage, neither a result: it is deleted (the cascade takes its partial steps and scores). Returns
 * undefined, writing nothing, when the key already has a finished episode.
 */
export function insertAttempt(writes: EpisodeWrites, input: StartEpisodeInput, id: string, startedAtIso: string): EpisodeRow | undefined {
  const { statements } = writes;
  const existing = statements.findAttempt.get(input.runId, input.taskId, input.repeat);
  if (existing?.status === 'completed') return undefined;
  if (existing) statements.removeAttempt.run(existing.id);
  let evaluation: number | null;
  try {
    ({ evaluation } = statements.insertAttempt.get(
      id,
      input.runId,
      input.taskId,
      input.split,
      input.repeat,
      input.runId,
      input.repeat,
      input.seed,
      startedAtIso,
    )!);
  } catch (e) {
    if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw writes.fail(`no run with id '${input.runId}'`);
    throw e;
  }
  return {
    id,
    runId: input.runId,
    taskId: input.taskId,
    split: input.split,
    repeatIndex: input.repeat,
    evaluation,
    seed: input.seed,
    status: 'running',
    startedAt: startedAtIso,
    finishedAt: null,
    answer: null,
    success: null,
    feedback: null,
    stopReason: null,
    note: null,
  };
}

export function finishAttempt(writes: EpisodeWrites, id: string, result: EpisodeResult, finishedAt: string): void {
  const success = result.success === null ? null : result.success ? 1 : 0;
  const { changes } = writes.statements.finishAttempt.run(
    result.status,
    finishedAt,
    result.answer,
    success,
    result.feedback,
    result.stop,
    result.note ?? null,
    id,
  );
  if (changes === 0) throw writes.fail(`no running episode with id '${id}' (unknown or already finished)`);
}
