import { describe, expect, it } from 'vitest';
import { episodeInMemory } from '../../../src/run/episode-in-memory.ts';
import { finishedEpisode } from '../../../src/run/episode-outcome.ts';
import { storedToolCall, type EpisodeRecord, type EpisodeResult } from '../../../traces/index.ts';
import { finished, openTempStore, runInput, toolStep } from '../../traces/helpers.ts';

const EPISODE = 'e-outcome-0001';

/** An episode as a queue worker records it: a tool call, a model call, a failing tool call, then its result. */
function workerRecord(runId: string, result: EpisodeResult): EpisodeRecord {
  const { writer, record } = episodeInMemory(EPISODE);
  writer.startEpisode({ runId, taskId: 't1', split: 'train', repeat: 0, seed: 3 });
  writer.addToolStep(EPISODE, toolStep('search'));
  writer.addModelStep(EPISODE, { model: 'sim', input: { q: 1 }, output: { a: 2 }, latencyMs: 1 });
  writer.addToolStep(EPISODE, toolStep('book', true));
  writer.finishEpisode(EPISODE, result);
  return record();
}

const OUTAGE: EpisodeResult = { status: 'error', answer: null, success: null, feedback: 'lab did not answer', stop: 'error', note: 'lab did not answer' };

describe('finishedEpisode', () => {
  it.each([
    ['a judged failure', finished(false)],
    ['an outage', OUTAGE],
  ])('reads %s the same from the record a worker returns and from the rows the store keeps of it', async (_, result) => {
    const store = await openTempStore();
    const record = workerRecord(store.createRun(runInput()).id, result);
    expect(store.commitEpisode(record)).toBe(true);
    const { episode, steps } = store.getTrajectory(EPISODE)!;

    const fromRecord = finishedEpisode(
      record.episode,
      record.result,
      record.steps.flatMap((s) => (s.kind === 'tool' ? [s.step] : [])),
    );
    const fromStore = finishedEpisode(
      episode,
      episode,
      steps.flatMap((s) => (s.kind === 'tool' ? [storedToolCall(s)] : [])),
    );
    expect(fromStore).toEqual(fromRecord);
    expect(fromRecord).toMatchObject({ episodeId: EPISODE, taskId: 't1', success: false, feedback: result.feedback });
    expect(fromRecord.calls).toEqual([toolStep('search'), toolStep('book', true)]);
  });

  it('counts an unjudged episode as no success and missing feedback as none', () => {
    expect(finishedEpisode({ id: 'e-1', taskId: 't1' }, { success: null, feedback: null }, [])).toEqual({
      episodeId: 'e-1',
      taskId: 't1',
      success: false,
      feedback: '',
      calls: [],
    });
    expect(finishedEpisode({ id: 'e-1', taskId: 't1' }, { success: true, feedback: 'right' }, [])).toMatchObject({ success: true, feedback: 'right' });
  });
});
