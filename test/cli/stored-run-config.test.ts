import { describe, expect, it } from 'vitest';
import { storedRunConfigSchema } from '../../cli/stored-run-config.ts';

// what `tdo run --suite lab --split train --repeat 2 --seed 3 --concurrency 2 --max-steps 7` stores
const STORED = {
  options: { split: 'train', repeats: 2, seed: 3, concurrency: 2, versionIds: [], conditions: {}, toolSearch: { mode: 'off', k: 5 } },
  agent: { kind: 'sim', maxSteps: 7 },
};

describe("a suite run's stored config", () => {
  it('reads back what a run stores', () => {
    expect(storedRunConfigSchema.parse(STORED)).toEqual(STORED);
  });

  it('refuses a split or an agent kind it does not know', () => {
    expect(storedRunConfigSchema.safeParse({ ...STORED, options: { ...STORED.options, split: 'optimize' } }).success).toBe(false);
    expect(storedRunConfigSchema.safeParse({ ...STORED, agent: { kind: 'robot' } }).success).toBe(false);
  });
});
