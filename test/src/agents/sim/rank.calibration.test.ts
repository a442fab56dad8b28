import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams } from '../../../../src/agents/sim/params.ts';
import { rankTools } from '../../../../src/agents/sim/rank.ts';
import { stepRng } from '../../../../src/agents/sim/step-rng.ts';
import { editShares, loadBfcl, loadModelChoices, loadPairs, realEditShares, realFirstPositionShare } from './tool-preferences.ts';

const SEED = 20251129;
const noiseFree = resolveSimParams({ temperature: 0 });

describe('rankTools on real data (Faghih et al. 2025 / BFCL v3 multiple)', () => {
  const bfcl = loadBfcl();

  it('picks the correct BFCL function for at least 85% of the questions, with and without noise', () => {
    const accuracy = (params: typeof DEFAULT_SIM_PARAMS) =>
      bfcl.filter((task, i) => rankTools(task.question, task.tools, stepRng(SEED, i), params)[0]!.name === task.correct).length / bfcl.length;
    const withNoise = accuracy(DEFAULT_SIM_PARAMS);
    const withoutNoise = accuracy(noiseFree);
    console.log(
      `BFCL v3 multiple top-1 accuracy over ${bfcl.length} tasks: ${withoutNoise.toFixed(3)} noise-free, ${withNoise.toFixed(3)} at tau=${DEFAULT_SIM_PARAMS.temperature} (seed ${SEED})`,
    );
    expect(bfcl).toHaveLength(200);
    expect(withoutNoise).toBeGreaterThanOrEqual(0.85);
    expect(withNoise).toBeGreaterThanOrEqual(0.85);
  });

  it("gives each description edit a share within 10 points of the median real model's", () => {
    const rows = loadPairs();
    const choices = loadModelChoices();
    const real = realEditShares(choices);
    const sim = editShares(rows, (row, i) => (rankTools(row.query, row.tools, stepRng(SEED, i), DEFAULT_SIM_PARAMS)[0]!.name === row.tools[0]!.name ? 1 : 0));
    const realFirst = realFirstPositionShare(choices);
    console.log(
      [
        `edit               sim    real median  (pairs.jsonl, ${rows.length} rows; 9 models)`,
        ...[...real].map(([edit, share]) => `${edit.padEnd(18)} ${sim.byEdit.get(edit)!.toFixed(3)}  ${share.toFixed(3)}`),
        `${'first position'.padEnd(18)} ${sim.firstPosition.toFixed(3)}  ${realFirst.toFixed(3)}`,
      ].join('\n'),
    );
    expect(real.size).toBe(10);
    expect(real.get('endorsementLine')).toBeCloseTo(0.817, 2);
    for (const [edit, share] of real) expect(Math.abs(sim.byEdit.get(edit)! - share), edit).toBeLessThanOrEqual(0.1);
    expect(Math.abs(sim.firstPosition - realFirst)).toBeLessThanOrEqual(0.05);
    // The ordering that matters most for the optimizer: an endorsement beats a plain description.
    expect(sim.byEdit.get('endorsementLine')!).toBeGreaterThan(sim.byEdit.get('original')! + 0.3);
  });
});
