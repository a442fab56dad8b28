import { describe, expect, it } from 'vitest';
import { episodeMetrics, scoreEpisode, targetFor, taskResult } from '../../../optimizer/adapter/targets.ts';
import { call, facts } from './fixtures.ts';

const failing = (server: string, tool: string) => call(server, tool, { output: 'could not process this query', isError: true });

describe('selection target', () => {
  const selection = targetFor('selection', 'srv');

  it('counts a step that chose the server even when its tool failed and the agent fell back', () => {
    const chosenThenFellBack = facts({ calls: [failing('srv', 'magic'), call('lab', 'convert')] });
    expect(selection.score(chosenThenFellBack)).toEqual({ score: 1, feedback: 'The agent chose srv for every step.' });
  });

  it('does not count the server when it was only the fallback after another tool failed', () => {
    const fallbackOnly = facts({ calls: [failing('lab', 'convert'), call('srv', 'magic')] });
    expect(selection.score(fallbackOnly)).toEqual({ score: 0, feedback: 'srv was not chosen; the agent chose convert instead.' });
  });

  it('scores the share of first choices and says what was chosen for the other steps', () => {
    const mixed = facts({ calls: [call('lab', 'read'), failing('srv', 'magic'), call('lab', 'calc'), call('srv', 'magic'), call('lab', 'convert')] });
    expect(selection.score(mixed)).toEqual({ score: 0.5, feedback: 'The agent chose srv for 2 of 4 steps; for the others it chose read, convert.' });
  });

  it('scores 0 when no tool was called', () => {
    expect(selection.score(facts())).toEqual({ score: 0, feedback: 'srv was not chosen; the agent chose no tool instead.' });
  });

  it('is the first-choice share reported beside every target, so the success run and the selection run measure the same thing', () => {
    const cases = [
      facts(),
      facts({ calls: [failing('srv', 'magic'), call('lab', 'convert')] }),
      facts({ calls: [call('lab', 'read'), call('srv', 'magic')], success: true }),
    ];
    for (const f of cases) {
      expect(episodeMetrics(f, 'srv')).toEqual({
        success: f.success ? 1 : 0,
        first_choice_share: selection.score(f).score,
        used_server: f.calls.some((c) => c.server === 'srv') ? 1 : 0,
      });
    }
  });

  it('reads the recorded score rather than recomputing it from the calls', () => {
    const recorded = facts({
      calls: [call('srv', 'magic')],
      scores: new Map([
        ['first_choice_share:srv', 0.25],
        ['used_server:srv', 1],
      ]),
    });
    expect(selection.score(recorded).score).toBe(0.25);
    expect(() => selection.score(facts({ scores: new Map() }))).toThrow(/recorded no first_choice_share or used_server of srv/);
  });
});

describe('taskResult', () => {
  it("hands the engine the verdict scored once, with the episode's recorded metrics", () => {
    const scored = scoreEpisode(facts({ calls: [call('srv', 'magic'), call('lab', 'read')], success: true }), targetFor('selection', 'srv'));
    expect(taskResult(scored, 'srv')).toEqual({ taskId: 't1', score: 0.5, metrics: { success: 1, first_choice_share: 0.5, used_server: 1 }, trace: scored });
    expect(scored.verdict.feedback).toBe('The agent chose srv for 1 of 2 steps; for the others it chose read.');
  });
});

describe('success target', () => {
  it('scores the checker verdict and passes on its feedback', () => {
    const success = targetFor('success', 'srv');
    expect(success.score(facts({ success: true, feedback: 'Correct: 8.05.' }))).toEqual({ score: 1, feedback: 'Correct: 8.05.' });
    expect(success.score(facts())).toEqual({ score: 0, feedback: 'Expected 8.05.' });
  });
});

describe('feedback target', () => {
  it("averages the ratings of the server's tools onto [0, 1]", () => {
    const target = targetFor('feedback', 'srv');
    const f = facts({
      calls: [call('srv', 'a')],
      ratings: [
        { tool: 'a', rating: 4, comment: 'fine' },
        { tool: 'b', rating: 1, comment: '' },
      ],
    });
    expect(target.score(f)).toEqual({ score: 0.75, feedback: 'The agent rated a 4/5: "fine".' });
    expect(target.score(facts({ calls: [call('srv', 'a')] })).score).toBe(0);
  });
});
