import { describe, expect, it } from 'vitest';
import { splitScores } from '../../../optimizer/mcp/split-scores.ts';
import { episodeMetrics, taskResult, scoreEpisode, targetFor } from '../../../optimizer/mcp/targets.ts';
import { SCORE } from '../../../src/run/score-names.ts';
import { facts } from './fixtures.ts';

const success = targetFor('success', 'srv');
const deferred = (steps: number, found: number) =>
  facts({
    scores: new Map([...facts().scores, [SCORE.labelledSteps, steps], [SCORE.labelledStepsFound, found]]),
  });

describe('found@k per split', () => {
  it("is the split's found labelled steps over its labelled steps, not a mean of the episodes' shares", () => {
    const results = [deferred(3, 3), deferred(1, 0)].map((f) => taskResult(scoreEpisode(f, success), 'srv'));
    // 3 of 4 steps; a mean of the shares would say (1 + 0) / 2
    expect(splitScores(results).found_at_k).toBe(0.75);
  });

  it('is absent with every tool listed, where no episode records found@k', () => {
    const plain = facts();
    expect(episodeMetrics(plain, 'srv')).not.toHaveProperty(SCORE.labelledSteps);
    expect(splitScores([taskResult(scoreEpisode(plain, success), 'srv')])).not.toHaveProperty('found_at_k');
  });
});
