import { describe, expect, it } from 'vitest';
import { conditionLabel, runCondition } from '../../traces/run-conditions.ts';

describe('conditionLabel', () => {
  it('sorts the names, so the same settings always give the same label', () => {
    expect(conditionLabel({ limit_in: 'token', injection: 'on' })).toBe('injection=on,limit_in=token');
    expect(conditionLabel({ injection: 'on', limit_in: 'token' })).toBe('injection=on,limit_in=token');
  });

  it('is undefined when there are no conditions', () => {
    expect(conditionLabel({})).toBeUndefined();
  });
});

describe('runCondition', () => {
  const options = { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] };

  it('reads the values a suite, experiment or optimize run stored', () => {
    const conditions = { limit_in: 'prompt', injection: 'off' };
    expect(runCondition({ kind: 'suite', settings: { options, agent: {}, conditions } })).toBe('injection=off,limit_in=prompt');
    expect(runCondition({ kind: 'experiment', settings: { options, agent: {}, conditions } })).toBe('injection=off,limit_in=prompt');
    expect(runCondition({ kind: 'optimize', settings: { optimize: { server: 'lab' }, conditions } })).toBe('injection=off,limit_in=prompt');
  });

  it('reads the label an imported run kept', () => {
    const imported = { from: 'langfuse', baseUrl: 'https://x', sourceRun: 'r-1', importedAt: '2026-11-30T00:00:00Z' };
    expect(runCondition({ kind: 'imported', settings: { imported, condition: 'injection=on' } })).toBe('injection=on');
  });

  it('is undefined for runs without conditions, older runs, proxy sessions and settings of another kind', () => {
    expect(runCondition({ kind: 'suite', settings: { options, agent: {}, conditions: {} } })).toBeUndefined();
    expect(runCondition({ kind: 'suite', settings: { options, agent: {} } })).toBeUndefined();
    expect(runCondition({ kind: 'suite', settings: {} })).toBeUndefined();
    expect(runCondition({ kind: 'proxy', settings: { options, agent: {}, conditions: { injection: 'on' } } })).toBeUndefined();
    expect(runCondition({ kind: 'imported', settings: { options, agent: {}, conditions: { injection: 'on' } } })).toBeUndefined();
  });
});
