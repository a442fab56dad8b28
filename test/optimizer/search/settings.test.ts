import { describe, expect, it } from 'vitest';
import { storedOptimizeSettings, type OptimizeSettings } from '../../../optimizer/search/settings.ts';
import { TdoError } from '../../../src/errors.ts';
import { openTempStore, runInput } from '../../traces/helpers.ts';

const settings: OptimizeSettings = {
  server: 'lab',
  target: 'success',
  budget: 300,
  minibatch: 3,
  merge: true,
  randomSeed: 2,
  componentChoice: 'round-robin',
  selector: 'pareto',
  reflection: true,
  concurrency: 4,
  parallelIterations: 3,
  honestyGate: true,
  // a resumed search runs in the stored mode, so the schema must keep it
  toolSearch: { mode: 'bm25', k: 3 },
  agent: { kind: 'sim' },
  proposer: { kind: 'sim' },
};

describe('storedOptimizeSettings', () => {
  it('reads back what an optimize run stored, and nothing from a run of another kind', async () => {
    const store = await openTempStore();
    const run = store.createRun({ ...runInput({ split: 'optimize' }), kind: 'optimize', settings: { optimize: settings } });
    expect(storedOptimizeSettings(store.getRun(run.id)!)).toEqual(settings);
    expect(storedOptimizeSettings(store.createRun(runInput()))).toBeUndefined();
  });

  it('reads the random seed of a run stored when it was called `seed`, so the run resumes as it ran', async () => {
    const store = await openTempStore();
    const { randomSeed, ...rest } = settings;
    const run = store.createRun({ ...runInput({ split: 'optimize' }), kind: 'optimize', settings: { optimize: { ...rest, seed: randomSeed } } });
    expect(storedOptimizeSettings(store.getRun(run.id)!)).toEqual(settings);
  });

  it('refuses stored settings it cannot read, naming the run and the field (an input error: pick another run)', async () => {
    const store = await openTempStore();
    const run = store.createRun({ ...runInput({ split: 'optimize' }), kind: 'optimize', settings: { optimize: { ...settings, target: 'speed' } } });
    const read = () => storedOptimizeSettings(store.getRun(run.id)!);
    expect(read).toThrow(TdoError);
    expect(read).toThrow(new RegExp(`optimize run ${run.id} .*target`));
    try {
      read();
    } catch (error) {
      expect((error as TdoError).kind).toBe('input');
    }
  });
});
