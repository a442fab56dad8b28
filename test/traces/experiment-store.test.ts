import { describe, expect, it } from 'vitest';
import { newExperimentId } from '../../traces/index.ts';
import { tempStore } from '../support/lab-runs.ts';

describe('the experiments table', () => {
  it('keeps each experiment as written and pages them newest first, saying whether more follow', () => {
    const store = tempStore();
    const ids = [0, 1, 2].map((i) => store.recordExperiment({ id: newExperimentId(), suites: ['lab'], agentId: 'sim', verdict: 'pass', record: { n: i } }).id);
    expect(store.getExperiment(ids[1]!)).toMatchObject({ id: ids[1], suites: ['lab'], agentId: 'sim', verdict: 'pass', record: { n: 1 } });
    expect(store.getExperiment('x-00000000')).toBeUndefined();
    const first = store.experimentPage({ limit: 2, offset: 0 });
    const second = store.experimentPage({ limit: 2, offset: 2 });
    expect(first.more).toBe(true);
    expect(second.more).toBe(false);
    // written in the same millisecond or not, every experiment appears once
    expect([...first.rows, ...second.rows].map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(first.rows[0]!.createdAt >= second.rows[0]!.createdAt).toBe(true);
    store.close();
  });
});
