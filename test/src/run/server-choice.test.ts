import { describe, expect, it } from 'vitest';
import { firstChoices, isServerChoiceScore, serverChoiceOf, serverChoiceScores } from '../../../src/run/server-choice.ts';

const ok = (server: string) => ({ server, isError: false });
const failing = (server: string) => ({ server, isError: true });

describe('firstChoices', () => {
  it('keeps every call except one made right after an error result (a retry or fallback)', () => {
    // step 1: srv fails, lab is the fallback; step 2: lab; step 3: lab fails, srv fails too, lab is tried again
    const calls = [failing('srv'), ok('lab'), ok('lab'), failing('lab'), failing('srv'), ok('lab')];
    expect(firstChoices(calls)).toEqual([failing('srv'), ok('lab'), failing('lab')]);
    expect(firstChoices([])).toEqual([]);
  });
});

describe('serverChoiceScores', () => {
  const byName = (calls: Array<{ server: string; isError: boolean }>) =>
    Object.fromEntries(serverChoiceScores(['srv', 'lab'], calls).map((s) => [s.name, s.value]));

  it('records both scores for every server, zeros included', () => {
    expect(byName([failing('srv'), ok('lab'), ok('lab')])).toEqual({
      'first_choice_share:srv': 0.5,
      'used_server:srv': 1,
      'first_choice_share:lab': 0.5,
      'used_server:lab': 1,
    });
    // the server only as the fallback: used, never chosen
    expect(byName([failing('lab'), ok('srv')])).toEqual({
      'first_choice_share:srv': 0,
      'used_server:srv': 1,
      'first_choice_share:lab': 1,
      'used_server:lab': 1,
    });
    expect(byName([])).toEqual({ 'first_choice_share:srv': 0, 'used_server:srv': 0, 'first_choice_share:lab': 0, 'used_server:lab': 0 });
  });

  it('says in its comment how many first choices went to the server', () => {
    expect(serverChoiceScores(['srv'], [ok('srv'), ok('lab'), ok('srv')])[0]).toEqual({
      name: 'first_choice_share:srv',
      value: 2 / 3,
      comment: '2 of 3 first choices went to srv.',
    });
  });

  it('reads back what it recorded, and nothing for an episode that recorded neither', () => {
    const scores = new Map(serverChoiceScores(['srv'], [ok('srv')]).map((s) => [s.name, s.value]));
    expect(serverChoiceOf(scores, 'srv')).toEqual({ firstChoiceShare: 1, usedServer: 1 });
    expect(serverChoiceOf(scores, 'lab')).toBeUndefined();
    expect(serverChoiceOf(new Map([['success', 1]]), 'srv')).toBeUndefined();
    expect([...scores.keys()].every(isServerChoiceScore)).toBe(true);
    expect(isServerChoiceScore('success')).toBe(false);
  });
});
