// Writing episodes as they happen: one autocommitted insert per step, so nothing finished is lost (the statements,
// prepared once per store: traces/episode-writes.ts).
import type Database from 'better-sqlite3';
import { finishAttempt, insertAttempt } from './attempt-rows.ts';
import { episodeWrites, type EpisodeWrites } from './episode-writes.ts';
import { newEpisodeId } from './ids.ts';
import { insertModelStep, insertScoreRow, insertToolStep } from './step-rows.ts';
import type { EpisodeRecord, EpisodeRecorder, EpisodeRow, StartEpisodeInput } from './types.ts';

/** A step is recorded when it completes, so it started latencyMs ago. */
function startedAt(latencyMs: number): string {
  return new Date(Date.now() - latencyMs).toISOString();
}

export function episodeRecorder(sqlite: Database.Database, path: string): EpisodeRecorder {
  const writes = episodeWrites(sqlite, path);
  return {
    startEpisode: (input) => startEpisode(writes, input),
    finishEpisode: (id, result) => finishAttempt(writes, id, result, new Date().toISOString()),
    commitEpisode: (record) => commitEpisode(writes, record),
    completedEpisodeKeys: (runId) => new Set(writes.statements.completedKeys.all(runId)),

    addToolStep: (episodeId, s) => insertToolStep(writes, episodeId, s, startedAt(s.latencyMs)),
    addModelStep: (episodeId, s) => insertModelStep(writes, episodeId, s, startedAt(s.latencyMs)),
    addScore: (episodeId, s) => insertScoreRow(writes, episodeId, s),

    // better-sqlite3 turns a nested call into a savepoint and refuses a function that returns a promise.
    atomically: (group) => writes.statements.immediately(group),
  };
}

function startEpisode(writes: EpisodeWrites, input: StartEpisodeInput): EpisodeRow {
  return writes.statements.immediately(() => {
    const row = insertAttempt(writes, input, newEpisodeId(), new Date().toISOString());
    if (row === undefined) {
      throw writes.fail(`task '${input.taskId}' repeat ${input.repeat} of run ${input.runId} already finished; finished episodes are never replaced`);
    }
    return row;
  });
}

/** An episode run elsewhere (a queue worker, src/run/episode-in-memory.ts) written whole, as one transaction. */
function commitEpisode(writes: EpisodeWrites, record: EpisodeRecord): boolean {
  return writes.statements.immediately(() => {
    const { id, startedAt: started, finishedAt } = record.episode;
    if (insertAttempt(writes, record.episode, id, started) === undefined) return false;
    for (const s of record.steps) {
      if (s.kind === 'tool') insertToolStep(writes, id, s.step, s.startedAt);
      else insertModelStep(writes, id, s.step, s.startedAt);
    }
    finishAttempt(writes, id, record.result, finishedAt);
    for (const score of record.scores) insertScoreRow(writes, id, score);
    return true;
  });
}
