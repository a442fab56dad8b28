import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceStore } from '../../../traces/index.ts';
import { LangfuseSink, scoreIdFor, traceIdFor, withLangfuse, type LangfuseSinkOptions } from '../../../traces/langfuse/index.ts';
import { ANSWERED, handRun, startHandEpisode } from '../../support/hand-recorded.ts';
import { tempStore } from '../../support/lab-runs.ts';
import { LangfuseReceiver } from '../../support/langfuse-receiver.ts';

const FAST: LangfuseSinkOptions = { batchSize: 4, flushIntervalMs: 20, retry: { retries: 2, initialDelayMs: 10, maxDelayMs: 40 }, requestTimeoutMs: 10_000 };

let receiver: LangfuseReceiver;
let store: TraceStore;
let runId: string;
beforeAll(async () => {
  receiver = await LangfuseReceiver.start();
  store = tempStore();
  runId = handRun(store);
});
afterAll(async () => {
  store.close();
  await receiver.close();
});

describe('withLangfuse', () => {
  it('sends an episode finished inside a transaction once the transaction commits, as committed', async () => {
    const sink = LangfuseSink.open(receiver.config, FAST);
    const recording = withLangfuse(store, sink);
    const id = startHandEpisode(recording, runId, 'committed');
    recording.atomically(() => {
      recording.finishEpisode(id, ANSWERED);
      recording.addScore(id, { name: 'success', value: 1, comment: 'right' });
    });
    const delivery = await sink.close(10_000);
    expect(delivery.spans).toMatchObject({ delivered: 2, dropped: 0 });
    expect(delivery.scores).toMatchObject({ delivered: 1, dropped: 0 });
    const agent = receiver.spans.find((s) => s.traceId === traceIdFor(id) && s.parentSpanId === undefined)!;
    expect(JSON.parse(agent.attributes['langfuse.observation.output'] as string)).toMatchObject({ status: 'completed', answer: '3', success: true });
    expect(receiver.scores.get(scoreIdFor(id, 'success'))).toMatchObject({ value: 1, comment: 'right' });
  });

  it('sends nothing that a transaction rolled back, also from a failed transaction nested in one that commits', async () => {
    const sink = LangfuseSink.open(receiver.config, FAST);
    const recording = withLangfuse(store, sink);
    const id = startHandEpisode(recording, runId, 'rolled-back');
    expect(() =>
      recording.atomically(() => {
        recording.finishEpisode(id, ANSWERED);
        recording.addScore(id, { name: 'success', value: 1 });
        throw new Error('abandoned');
      }),
    ).toThrow('abandoned');
    recording.atomically(() => {
      recording.addScore(id, { name: 'kept', value: 1 });
      expect(() =>
        recording.atomically(() => {
          recording.addScore(id, { name: 'undone', value: 0 });
          throw new Error('inner');
        }),
      ).toThrow('inner');
    });
    const delivery = await sink.close(10_000);
    expect(store.getTrajectory(id)!.episode.status).toBe('running');
    expect(store.getTrajectory(id)!.scores.map((s) => s.name)).toEqual(['kept']);
    expect(delivery.spans).toMatchObject({ delivered: 0, dropped: 0 });
    expect(delivery.scores).toMatchObject({ delivered: 1, dropped: 0 });
    expect(receiver.scores.has(scoreIdFor(id, 'kept'))).toBe(true);
    expect(receiver.scores.has(scoreIdFor(id, 'success'))).toBe(false);
    expect(receiver.scores.has(scoreIdFor(id, 'undone'))).toBe(false);
  });
});
