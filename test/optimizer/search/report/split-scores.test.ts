import { describe, expect, it } from 'vitest';
import { splitScores, splitScoresCodec, splitScoresJson, storedSuccess } from '../../../../optimizer/search/report/split-scores.ts';
import * as z from 'zod';
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
    expect(scores.success).toMatchObject({ successes: 2, n: 3, rate: 2 / 3 });
    // Wilson's interval for 11 of 22 (z = 1.96): 0.307 to 0.693
    const p = storedSuccess({ success_rate: 0.5, successes: 11, tasks: 22 });
    expect(p.low).toBeCloseTo(0.307, 3);
    expect(p.high).toBeCloseTo(0.693, 3);
  });

  it('reads the count off the mean in a report stored before the count was kept', () => {
    expect(storedSuccess({ success_rate: 7 / 9, tasks: 9 })).toMatchObject({ successes: 7, n: 9 });
    const old = { score: 0.5, success_rate: 7 / 9, first_choice_share: 0.4, used_server: 1, tasks: 9 };
    expect(z.decode(splitScoresCodec, old)).toMatchObject({ score: 0.5, success: { successes: 7, n: 9 }, firstChoiceShare: 0.4, usedServer: 1 });
  });
});

describe("a split's stored form", () => {
  it('is snake_case with the rate, the count and the tasks, and reads back to the same scores', () => {
    const scores = splitScores([true, false, true].map((ok) => taskResult(scoreEpisode(facts({ success: ok }), success), 'srv')));
    const stored = z.encode(splitScoresCodec, scores);
    expect(stored).toEqual(splitScoresJson(scores));
    expect(Object.keys(stored)).toEqual(['score', 'success_rate', 'first_choice_share', 'used_server', 'successes', 'tasks']);
    expect(stored).toMatchObject({ success_rate: 2 / 3, successes: 2, tasks: 3 });
    expect(z.decode(splitScoresCodec, stored)).toEqual(scores);
  });

  it('refuses a count that is not a whole number of episodes', () => {
    expect(() => z.decode(splitScoresCodec, { score: 0, success_rate: 0, first_choice_share: 0, used_server: 0, successes: 1.5, tasks: 3 })).toThrow();
  });
});

describe('found@k per split', () => {
  it("is the split's found labelled steps over its labelled steps, not a mean of the episodes' shares", () => {
    const results = [deferred(3, 3), deferred(1, 0)].map((f) => taskResult(scoreEpisode(f, success), 'srv'));
    // 3 of 4 steps; a mean of the shares would say (1 + 0) / 2
    expect(splitScores(results).foundAtK).toBe(0.75);
  });

  it('is absent with every tool listed, where no episode records found@k', () => {
    const plain = facts();
    expect(episodeMetrics(plain, 'srv')).not.toHaveProperty(SCORE.labelledSteps);
    expect(splitScores([taskResult(scoreEpisode(plain, success), 'srv')])).not.toHaveProperty('foundAtK');
  });
});
