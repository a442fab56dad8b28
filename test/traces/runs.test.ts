import { describe, expect, it } from 'vitest';
import { TraceStoreError } from '../../traces/index.ts';
import { openTempStore, runInput } from './helpers.ts';

describe('runs', () => {
  it('creates a running run with a short typable id and all its settings', async () => {
    const store = await openTempStore();
    const input = runInput({ agent: 'llm:gpt-4.1-mini', versionIds: { lab: 'lab-aaaaaaaaaa', market: 'm-1' } });
    const run = store.createRun(input);
    expect(run.id).toMatch(/^r-[0-9a-f]{8}$/);
    expect(run).toMatchObject({
      status: 'running',
      finishedAt: null,
      suiteName: 'lab',
      suitePath: input.suitePath,
      agentId: 'llm:gpt-4.1-mini',
      split: 'train',
      repeats: 2,
      seed: 7,
      concurrency: 4,
      versionIds: { lab: 'lab-aaaaaaaaaa', market: 'm-1' },
      config: { maxSteps: 8 },
    });
    expect(store.getRun(run.id)).toEqual(run);
    expect(store.getRun('r-00000000')).toBeUndefined();
  });

  it('lists runs newest first, up to a limit', async () => {
    const store = await openTempStore();
    const ids = Array.from({ length: 5 }, (_, i) => store.createRun(runInput({ seed: i })).id);
    expect(store.listRuns().map((r) => r.id)).toEqual([...ids].reverse());
    expect(store.listRuns(2).map((r) => r.id)).toEqual([ids[4], ids[3]]);
  });

  it('stamps finished_at on terminal states and clears it when a run resumes', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    store.setRunStatus(run.id, 'interrupted');
    const interrupted = store.getRun(run.id);
    expect(interrupted?.status).toBe('interrupted');
    expect(interrupted?.finishedAt).not.toBeNull();

    store.setRunStatus(run.id, 'running');
    expect(store.getRun(run.id)).toMatchObject({ status: 'running', finishedAt: null });
    store.setRunStatus(run.id, 'completed');
    expect(store.getRun(run.id)?.status).toBe('completed');
  });

  it('rejects a status change for an unknown run and a status outside the allowed set', async () => {
    const store = await openTempStore();
    expect(() => store.setRunStatus('r-00000000', 'failed')).toThrow(TraceStoreError);
    const run = store.createRun(runInput());
    // the database's CHECK constraint guards callers that bypass the types
    expect(() => store.setRunStatus(run.id, 'paused' as never)).toThrow(/CHECK constraint/);
    expect(store.getRun(run.id)?.status).toBe('running');
  });
});
