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
  it('reads the values a run made here stored', () => {
    expect(runCondition({ config: { options: {}, conditions: { limit_in: 'prompt', injection: 'off' } } })).toBe('injection=off,limit_in=prompt');
  });

  it('reads the label an imported run kept', () => {
    expect(runCondition({ config: { imported: {}, condition: 'injection=on' } })).toBe('injection=on');
  });

  it('is undefined for runs without conditions, older runs and malformed configs', () => {
    expect(runCondition({ config: { options: {}, conditions: {} } })).toBeUndefined();
    expect(runCondition({ config: { options: { split: 'val' } } })).toBeUndefined();
    expect(runCondition({ config: null })).toBeUndefined();
    expect(runCondition({ config: { conditions: 'limit_in=token' } })).toBeUndefined();
  });
});
