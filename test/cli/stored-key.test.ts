import { describe, expect, it } from 'vitest';
import { optimizeSetting, runAgentSetting, runColumn, runOption, runSetting } from '../../cli/stored-key.ts';

describe('a stored key', () => {
  it('names the path docs/commands.md shows, and the field only when the flag is copied there', () => {
    expect(optimizeSetting.copied('budget')).toEqual({ path: 'settings.optimize.budget', copiedTo: 'budget' });
    expect(optimizeSetting.derived('honestyGate')).toEqual({ path: 'settings.optimize.honestyGate' });
    expect(optimizeSetting.derived('agent', 'model or proposer.model')).toEqual({ path: 'settings.optimize.agent.model or proposer.model' });
    expect(runOption.copied('repeats')).toEqual({ path: 'settings.options.repeats', copiedTo: 'repeats' });
    expect(runSetting.derived('agent').path).toBe('settings.agent');
    expect(runAgentSetting.derived('maxSteps').path).toBe('settings.agent.maxSteps');
  });

  it("names a run's column as the table spells it", () => {
    expect(runColumn('suitePath').path).toBe('runs.suite_path');
  });

  it('is checked by the compiler against the settings it fills', () => {
    // @ts-expect-error an optimize run stores no field "budgets"
    optimizeSetting.copied('budgets');
    // @ts-expect-error a suite run's options hold repeats, not repeat
    runOption.copied('repeat');
  });
});
