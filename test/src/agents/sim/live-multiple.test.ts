import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams, type SimParams } from '../../../../src/agents/sim/params.ts';
import { rankTools } from '../../../../src/agents/sim/rank.ts';
import { stepRng } from '../../../../src/agents/sim/step-rng.ts';
import { loadBfclLiveMultiple } from './tool-preferences.ts';

const SEED = 20251129;

describe('rankTools on BFCL live_multiple (real user queries, 2-37 functions, many siblings that differ by their action)', () => {
  const tasks = loadBfclLiveMultiple();

  // Target not reached on main 26cf40a (0.873 noise-free, 0.847 with noise). Counter-fitting the vectors to WordNet
  // (reverted in this branch's history) reached 0.853 but cost ToolE 0.722 -> 0.660. `it.fails` keeps the target
  // in view: it turns red, to be flipped, once the sim reaches it.
  it.fails('picks the correct function for at least 85% of the English questions, with its noise', () => {
    const accuracy = (params: SimParams) =>
      tasks.filter((task, i) => rankTools(task.question, task.tools, stepRng(SEED, i), params)[0]!.name === task.correct).length / tasks.length;
    const withNoise = accuracy(DEFAULT_SIM_PARAMS);
    const noiseFree = accuracy(resolveSimParams({ temperature: 0 }));
    const chance = tasks.reduce((sum, task) => sum + 1 / task.tools.length, 0) / tasks.length;
    console.log(
      `BFCL live_multiple top-1 over ${tasks.length} English tasks: ${noiseFree.toFixed(3)} noise-free, ${withNoise.toFixed(3)} at tau=${DEFAULT_SIM_PARAMS.temperature} (seed ${SEED}; chance ${chance.toFixed(3)})`,
    );
    expect(tasks).toHaveLength(518);
    expect(withNoise).toBeGreaterThanOrEqual(0.85);
  });
});
