import { describe, expect, it } from 'vitest';
import { pruneUse } from '../../../../../optimizer/proposers/sim/operators/prune-use.ts';
import { READ_STEP, record } from '../../records.ts';
import { apply } from './apply-operator.ts';

describe('prune-use', () => {
  it('takes out job words that these episodes tie to other tools only', () => {
    const views = [record({ steps: [READ_STEP, { intent: 'convert 3 ounces to grams', tools: ['convert'], forComponent: true }] })];
    expect(apply(pruneUse, 'Convert a value. Use it when asked to convert or look at values such as logs and grams.', views)?.text).toBe(
      'Convert a value. Use it when asked to convert values such as grams.',
    );
    expect(apply(pruneUse, 'Convert a value. Use it when asked to convert values such as grams.', views)).toBeUndefined();
  });
});
