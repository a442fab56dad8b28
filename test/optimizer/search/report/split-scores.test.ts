import { describe, expect, it } from 'vitest';
import { splitScores, splitSuccess } from '../../../../optimizer/search/report/split-scores.ts';
import { episodeMetrics, taskResult, scoreEpisode, targetFor } from '../../../../optimizer/adapter/targets.ts';
import { SCORE } from '../../../../src/measure/score-names.ts';
import { facts } from '../../adapter/fixtures.ts';

const success = targetFor('success', 'srv');
const deferred = (steps: number, found: number) =>
  facts({
    scores: new Map([...facts().scores, [SCORE.labelledSteps, steps], [SCORE.labelledStepsFound, found]]),
  });

describe("a split's success", () => {
  it('is the count of successful episodes with its Wilson interval', () => {
    const results = [true, false, true].map((ok) => taskResult(scoreEpisode(facts({ success: ok }), success), 'srv'));
    const scores = splitScores(results);
    expect(scores).toMatchObject({ successes: 2, tasks: 3 });
    expect(splitSuccess(scores)).toMatchObject({ successes: 2, n: 3, rate: 2 / 3 });
    // Wilson's interval for 11 of 22 (z = 1.96): 0.307 to 0.693
    const p = splitSuccess({ success_rate: 0.5, successes: 11, tasks: 22 });
    expect(p.low).toBeCloseTo(0.307, 3);
    expect(p.high).toBeCloseTo(0.693, 3);
  });

  it('reads the count off the mean in a report stored before the count was kept', () => {
    expect(splitSuccess({ success_rate: 7 / 9, tasks: 9 })).toMatchObject({ successes: 7, n: 9 });
  });
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
