import { describe, expect, it } from 'vitest';
import { runSettings, TraceStoreError } from '../../traces/index.ts';
import { openTempStore, runInput } from './helpers.ts';
import { SUITE_RUN } from '../support/run-settings.ts';

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
      kind: 'suite',
      settings: SUITE_RUN.settings,
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

  it("stores each kind's settings as its schema reads them, and refuses settings the kind cannot read", async () => {
    const store = await openTempStore();
    const proxy = store.createRun({
      ...runInput(),
      kind: 'proxy',
      settings: { proxy: { server: 'lab', command: 'node lab.js', servedVersionId: null }, clientInfo: { name: 'claude-code' } },
    });
    expect(store.getRun(proxy.id)).toMatchObject({ kind: 'proxy', settings: { proxy: { server: 'lab' }, clientInfo: { name: 'claude-code' } } });
    expect(runSettings(store.getRun(proxy.id)!, 'proxy')?.proxy.command).toBe('node lab.js');
    expect(runSettings(store.getRun(proxy.id)!, 'suite', 'experiment')).toBeUndefined();
    const before = store.listRuns().length;
    expect(() => store.createRun({ ...runInput(), kind: 'optimize', settings: { conditions: {} } as never })).toThrow(
      /settings of a new optimize run do not parse/,
    );
    // the database's CHECK constraint guards callers that bypass the types
    expect(() => store.createRun({ ...runInput(), kind: 'replay', settings: {} } as never)).toThrow();
    expect(store.listRuns()).toHaveLength(before);
  });

  it('replaces settings only with ones of the same kind', async () => {
    const store = await openTempStore();
    const run = store.createRun({ ...runInput(), kind: 'optimize', settings: { optimize: { server: 'lab' }, conditions: {} } });
    store.setRunSettings(run.id, { kind: 'optimize', settings: { optimize: { server: 'lab', agentRuns: ['r-1'] }, conditions: {} } });
    expect(runSettings(store.getRun(run.id)!, 'optimize')?.optimize).toEqual({ server: 'lab', agentRuns: ['r-1'] });
    expect(() => store.setRunSettings(run.id, SUITE_RUN)).toThrow(/no suite run with id/);
    expect(runSettings(store.getRun(run.id)!, 'optimize')?.optimize).toEqual({ server: 'lab', agentRuns: ['r-1'] });
  });
});
