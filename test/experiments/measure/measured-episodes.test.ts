import { describe, expect, it } from 'vitest';
import { choiceShares, type MeasuredEpisode } from '../../../experiments/measure/measured-episodes.ts';

function episode(scores: Record<string, number>): MeasuredEpisode {
  return { taskId: 't', repeat: 0, status: 'completed', errorCause: null, success: true, toolCalls: 1, scores: new Map(Object.entries(scores)) };
}

describe('choiceShares', () => {
  it("gives the server's shares when the episodes offered another server to choose", () => {
    const facts = [
      episode({ 'first_choice_share:a': 1, 'used_server:a': 1, 'first_choice_share:b': 0, 'used_server:b': 0 }),
      episode({ 'first_choice_share:a': 0, 'used_server:a': 0, 'first_choice_share:b': 1, 'used_server:b': 1 }),
    ];
    expect(choiceShares(facts, 'a')?.firstChoiceShare.rate).toBe(0.5);
    expect(choiceShares(facts, 'b')?.usedServer.rate).toBe(0.5);
  });

  it('says nothing on a one-server suite, where every first choice is the server’s', () => {
    expect(choiceShares([episode({ 'first_choice_share:a': 1, 'used_server:a': 1 })], 'a')).toBeNull();
  });
});
