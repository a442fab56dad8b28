import { describe, expect, it } from 'vitest';
import { deferredLoading } from '../../../experiments/measure/deferred-loading.ts';
import type { MeasuredEpisode } from '../../../experiments/measure/measured-episodes.ts';
import { wilson } from '../../../src/index.ts';

const episode = (scores: Record<string, number>) => ({ scores: new Map(Object.entries(scores)) }) as unknown as MeasuredEpisode;

describe('deferredLoading', () => {
  it('pools found@k over the labelled steps of every episode and averages the tokens loaded', () => {
    const facts = [
      episode({ labelled_steps_found: 1, labelled_steps: 2, loaded_tokens: 100, all_tools_tokens: 900 }),
      episode({ labelled_steps_found: 3, labelled_steps: 3, loaded_tokens: 200, all_tools_tokens: 900 }),
    ];
    expect(deferredLoading(facts)).toMatchObject({ foundAtK: wilson(4, 5), loadedTokensPerEpisode: 150, allToolsTokens: 900 });
  });

  it('gives found@1 over the labelled steps and the mean best rank over the found ones', () => {
    const facts = [
      // two steps found, at ranks 1 and 3; a third never found
      episode({ labelled_steps_found: 2, labelled_steps: 3, labelled_steps_ranked_first: 1, labelled_steps_rank_sum: 4, loaded_tokens: 100 }),
      // one step, found at rank 1
      episode({ labelled_steps_found: 1, labelled_steps: 1, labelled_steps_ranked_first: 1, labelled_steps_rank_sum: 1, loaded_tokens: 100 }),
      // a task without a plan records no step scores, and adds nothing to either
      episode({ loaded_tokens: 100 }),
    ];
    const { rankedFirst, meanRankWhenFound } = deferredLoading(facts);
    expect(rankedFirst).toEqual(wilson(2, 4));
    // ranks 1, 3 and 1 over three found steps
    expect(meanRankWhenFound).toBeCloseTo(5 / 3, 12);
  });

  it('leaves the rank figures null for episodes recorded without ranks, and the mean rank null when nothing was found', () => {
    const old = deferredLoading([episode({ labelled_steps_found: 1, labelled_steps: 1, loaded_tokens: 100 })]);
    expect(old).toMatchObject({ foundAtK: wilson(1, 1), rankedFirst: null, meanRankWhenFound: null });
    const none = deferredLoading([
      episode({ labelled_steps_found: 0, labelled_steps: 2, labelled_steps_ranked_first: 0, labelled_steps_rank_sum: 0, loaded_tokens: 9 }),
    ]);
    expect(none).toMatchObject({ rankedFirst: wilson(0, 2), meanRankWhenFound: null });
  });

  it('is null throughout for episodes that listed every tool', () => {
    expect(deferredLoading([episode({ success: 1 })])).toEqual({
      foundAtK: null,
      rankedFirst: null,
      meanRankWhenFound: null,
      loadedTokensPerEpisode: null,
      allToolsTokens: null,
    });
  });
});
