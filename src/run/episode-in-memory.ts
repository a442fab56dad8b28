import { storedToolCall, type EpisodeRecord, type EpisodeResult, type RecordedStep, type ScoreInput, type StartEpisodeInput } from '../../traces/index.ts';
import type { EpisodeWriter } from './store-port.ts';

/**
 * An episode writer that keeps one episode in memory instead of a store, under an id chosen by the caller:
 * a queue worker runs the episode with it and hands the record to the coordinator, which commits it whole.
 */
export function episodeInMemory(episodeId: string): { writer: EpisodeWriter; record(): EpisodeRecord } {
  let started: (StartEpisodeInput & { id: string; startedAt: string }) | undefined;
  let finished: { result: EpisodeResult; finishedAt: string } | undefined;
  const steps: RecordedStep[] = [];
  const scores: ScoreInput[] = [];
  // A step is recorded when it completes, as the store does, so it started latencyMs ago.
  const startedAgo = (latencyMs: number) => new Date(Date.now() - latencyMs).toISOString();
  const checkId = (id: string) => {
    if (id !== episodeId) throw new Error(`episode ${id} is not the one being recorded (${episodeId})`);
  };

  const writer: EpisodeWriter = {
    startEpisode(input) {
      if (started !== undefined) throw new Error(`episode ${episodeId} was already started`);
      started = { ...input, id: episodeId, startedAt: new Date().toISOString() };
      return started;
    },
    finishEpisode(id, result) {
      checkId(id);
      if (finished !== undefined) throw new Error(`episode ${episodeId} already finished`);
      finished = { result, finishedAt: new Date().toISOString() };
    },
    addToolStep(id, call) {
      checkId(id);
      // the live call's structured content is not recorded, and would not pass the queue's strict schema
      steps.push({ kind: 'tool', startedAt: startedAgo(call.latencyMs), step: storedToolCall(call) });
    },
    addModelStep(id, step) {
      checkId(id);
      steps.push({ kind: 'model', startedAt: startedAgo(step.latencyMs), step });
    },
    addScore(id, score) {
      checkId(id);
      scores.push(score);
    },
    // Nothing is committed here: the coordinator commits the whole record in one transaction.
    atomically: (writes) => writes(),
  };

  return {
    writer,
    record() {
      if (started === undefined || finished === undefined) throw new Error(`episode ${episodeId} has not finished`);
      return { episode: { ...started, finishedAt: finished.finishedAt }, result: finished.result, steps: [...steps], scores: [...scores] };
    },
  };
}
