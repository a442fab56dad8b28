// A cost beside the score (the texts' length, say): a child as good on its minibatch and cheaper is kept and can
// win, a dearer one is not; only admissible candidates (within a budget) can be the best.
import { describe, expect, it } from 'vitest';
import { runEngine, type EngineConfig } from '../../../optimizer/engine/engine.ts';
import { bestCandidate } from '../../../optimizer/engine/pareto.ts';
import { improvementOrCheaper } from '../../../optimizer/engine/strategies.ts';
import type { Candidate, Proposer, Texts, Verdict } from '../../../optimizer/engine/types.ts';
import { toyReflector, toyTask, ToyEvaluator, uselessProposer, type ToyTrace } from './toy.ts';

const words = (texts: Texts) => Object.values(texts).reduce((n, t) => n + t.split(' ').length, 0);

/** Drops the text's last word: shorter, and no task asks for the words it drops. */
const trimmingProposer: Proposer<string> = {
  id: 'trim',
  async propose({ texts, component }) {
    const kept = texts[component]!.split(' ').slice(0, -1);
    return kept.length === 0 ? { ok: false, reason: 'one word left', detail: {} } : { ok: true, text: kept.join(' '), detail: {} };
  },
};

function config(overrides: Partial<EngineConfig<ToyTrace, string>>): EngineConfig<ToyTrace, string> {
  const ids = ['alpha', 'beta', 'gamma'].flatMap((w) => [toyTask('a', w), toyTask('b', w)]);
  return {
    seedTexts: { a: 'alpha filler padding more', b: 'beta filler padding more' },
    trainTaskIds: ids,
    valTaskIds: ids,
    evaluator: new ToyEvaluator(),
    reflector: toyReflector,
    proposer: trimmingProposer,
    budget: 60,
    randomSeed: 3,
    ...overrides,
  };
}

const candidate = (id: number, valMean: number, texts: Texts): Candidate => ({
  id,
  texts,
  parents: [],
  origin: id === 0 ? 'seed' : 'mutation',
  iteration: id,
  valScores: { t: valMean },
  valMean,
  valMetrics: {},
  budgetUsed: 0,
});

describe('improvementOrCheaper', () => {
  it('accepts an equal minibatch total at a lower cost, and nothing else that does not improve', () => {
    expect(improvementOrCheaper.judge([1, 0], [0, 1], { parent: 10, child: 7 })).toMatchObject({
      accepted: true,
      reason: expect.stringMatching(/cost fell from 10 to 7/),
    });
    expect(improvementOrCheaper.judge([1, 0], [0, 1], { parent: 10, child: 10 }).accepted).toBe(false);
    expect(improvementOrCheaper.judge([1, 0], [0, 1], { parent: 10, child: 12 }).accepted).toBe(false);
    expect(improvementOrCheaper.judge([1, 0], [0, 0], { parent: 10, child: 2 }).accepted).toBe(false);
    expect(improvementOrCheaper.judge([1, 0], [1, 1], { parent: 10, child: 20 }).accepted).toBe(true);
  });
});

describe('runEngine with a cost', () => {
  it('keeps a shorter child that scores the same, and a shorter candidate with the same validation score wins', async () => {
    const verdicts: Verdict[] = [];
    const journal = { candidateAdded() {}, proposalMade() {}, proposalJudged: (_: number, v: Verdict) => verdicts.push(v) };
    const result = await runEngine(config({ cost: words, journal }));
    expect(verdicts.some((v) => v.accepted && /cost fell/.test(v.reason))).toBe(true);
    expect(result.best.valMean).toBe(result.pool[0]!.valMean);
    expect(words(result.best.texts)).toBeLessThan(words(result.pool[0]!.texts));
  });

  it('keeps no shorter child without a cost, and no longer child with one', async () => {
    const plain = await runEngine(config({}));
    expect(plain.pool).toHaveLength(1);
    const longer = await runEngine(config({ cost: words, proposer: uselessProposer }));
    expect(longer.pool).toHaveLength(1);
    expect(longer.best.id).toBe(0);
  });
});

describe('the best candidate with a cost and admissible candidates', () => {
  const pool = [candidate(0, 0.5, { a: 'one two three' }), candidate(1, 0.5, { a: 'one two' }), candidate(2, 0.9, { a: 'one two three four' })];

  it('breaks a tie of the objective by the cost, and never picks an inadmissible candidate', () => {
    expect(bestCandidate(pool.slice(0, 2)).id).toBe(0);
    expect(bestCandidate(pool.slice(0, 2), undefined, { cost: words }).id).toBe(1);
    expect(bestCandidate(pool, undefined, { admissible: (t) => words(t) <= 3 }).id).toBe(0);
    expect(bestCandidate(pool, undefined, { admissible: (t) => words(t) <= 3, cost: words }).id).toBe(1);
  });

  it('falls back to the seed when no candidate is admissible, and the engine says the best is not', async () => {
    expect(bestCandidate(pool, undefined, { admissible: () => false }).id).toBe(0);
    const result = await runEngine(config({ proposer: uselessProposer, admissible: (t) => words(t) <= 2 }));
    expect(result.best.id).toBe(0);
    expect(result.bestAdmissible).toBe(false);
    const within = await runEngine(config({ cost: words, admissible: (t) => words(t) <= 6 }));
    expect(within.bestAdmissible).toBe(true);
    expect(words(within.best.texts)).toBeLessThanOrEqual(6);
  });
});
