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
    expect(deferredLoading(facts)).toEqual({ foundAtK: wilson(4, 5), loadedTokensPerEpisode: 150, allToolsTokens: 900 });
  });

  it('is null throughout for episodes that listed every tool', () => {
    expect(deferredLoading([episode({ success: 1 })])).toEqual({ foundAtK: null, loadedTokensPerEpisode: null, allToolsTokens: null });
  });
});
