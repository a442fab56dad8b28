import { describe, expect, it } from 'vitest';
import { PERFECT, runEngine, TRAIN_SOLVED, type EngineConfig } from '../../../optimizer/engine/engine.ts';
import { mergeTexts } from '../../../optimizer/engine/merge.ts';
import { roundRobin } from '../../../optimizer/engine/strategies.ts';
import { EvaluationInterrupted, type Candidate, type Journal, type ProposalRecord, type Verdict } from '../../../optimizer/engine/types.ts';
import { learningProposer, toyReflector, toyTask, ToyEvaluator, uselessProposer, type ToyTrace } from './toy.ts';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'eps', 'zeta'];
const tasks = (component: string, words: string[]) => words.map((w) => toyTask(component, w));

function config(overrides: Partial<EngineConfig<ToyTrace, string>> = {}): EngineConfig<ToyTrace, string> {
  return {
    seedTexts: { a: 'start', b: 'start' },
    trainTaskIds: [...tasks('a', WORDS), ...tasks('b', WORDS)],
    valTaskIds: [...tasks('a', WORDS), ...tasks('b', WORDS)],
    evaluator: new ToyEvaluator(),
    reflector: toyReflector,
    proposer: learningProposer,
    budget: 200,
    randomSeed: 1,
    ...overrides,
  };
}

function recordingJournal() {
  const proposals: ProposalRecord[] = [];
  const verdicts: Verdict[] = [];
  const candidates: Candidate[] = [];
  const journal: Journal = { candidateAdded: (c) => candidates.push(c), proposalMade: (p) => proposals.push(p), proposalJudged: (_, v) => verdicts.push(v) };
  return { journal, proposals, verdicts, candidates };
}

describe('runEngine', () => {
  it('improves the seed when the proposer learns from the reflective dataset', async () => {
    const result = await runEngine(config());
    expect(result.pool[0]!.valMean).toBe(0);
    expect(result.best.valMean).toBeGreaterThan(0.5);
    expect(result.history[0]).toMatchObject({ candidate: 0, budgetUsed: 12 });
  });

  it('counts every episode against the budget and never exceeds it', async () => {
    const evaluator = new ToyEvaluator();
    const result = await runEngine(config({ evaluator, budget: 97 }));
    const episodes = evaluator.requests.reduce((s, r) => s + r.taskIds.length, 0);
    expect(result.budgetUsed).toBe(episodes);
    expect(result.budgetUsed).toBeLessThanOrEqual(97);
    expect(result.stopReason).toBe('budget spent');
    expect(evaluator.requests.map((r) => r.ordinal)).toEqual(evaluator.requests.map((_, i) => i));
  });

  it('refuses a budget that cannot cover the seed validation and one iteration', async () => {
    await expect(runEngine(config({ budget: 17 }))).rejects.toThrow(/at least 18/);
  });

  it('keeps a child only on a strict minibatch improvement, and only then validates it', async () => {
    const evaluator = new ToyEvaluator();
    const { journal, verdicts } = recordingJournal();
    const result = await runEngine(config({ evaluator, proposer: uselessProposer, journal, budget: 60 }));
    expect(result.pool).toHaveLength(1);
    expect(verdicts.every((v) => !v.accepted && /not above/.test(v.reason))).toBe(true);
    // only the seed was ever evaluated on validation
    expect(evaluator.requests.filter((r) => r.purpose === 'val')).toHaveLength(1);
  });

  it('does not mutate a parent that is already perfect on the minibatch', async () => {
    const { journal, proposals } = recordingJournal();
    const perfect = { a: WORDS.join(' '), b: WORDS.join(' ') };
    const result = await runEngine(config({ seedTexts: perfect, journal, budget: 40 }));
    expect(proposals).toHaveLength(0);
    expect(result.pool).toHaveLength(1);
  });

  it('stops as soon as the best candidate is perfect on validation, saying so, and keeps the rest of the budget', async () => {
    const perfect = { a: WORDS.join(' '), b: WORDS.join(' ') };
    const result = await runEngine(config({ seedTexts: perfect, budget: 400 }));
    expect(result.best.valMean).toBe(1);
    expect(result.stopReason).toBe(PERFECT);
    expect(result.iterations).toBe(0);
    expect(result.budgetUsed).toBeLessThan(400);
    // a search that never reaches 1 spends its budget
    expect((await runEngine(config({ proposer: uselessProposer, budget: 100 }))).stopReason).toBe('budget spent');
    // one that does stops there, with budget left
    const learning = await runEngine(config({ budget: 4000 }));
    expect(learning.best.valMean).toBe(1);
    expect(learning.stopReason).toBe(PERFECT);
    expect(learning.budgetUsed).toBeLessThan(4000);
  });

  it('stops once the train tasks are solved, since the proposer learns only from failed train tasks, even when val is not', async () => {
    const solvedTrain = { seedTexts: { a: 'alpha beta', b: 'start' }, trainTaskIds: tasks('a', ['alpha', 'beta']), valTaskIds: tasks('a', ['alpha', 'gamma']) };
    const { journal, proposals } = recordingJournal();
    const result = await runEngine(config({ ...solvedTrain, minibatchSize: 2, budget: 300, journal }));
    expect(result.stopReason).toBe(TRAIN_SOLVED);
    expect(result.best.valMean).toBe(0.5);
    expect(proposals).toEqual([]);
    // a small train split is passed again until 20 episodes in a row succeeded: 10 minibatches of 2, after the seed's val
    expect(result.iterations).toBe(10);
    expect(result.budgetUsed).toBe(2 + 20);

    // a train task that fails now and then keeps the search going: every fourth parent minibatch fails it
    const inner = new ToyEvaluator();
    let parents = 0;
    const flaky = {
      evaluate: async (r: Parameters<ToyEvaluator['evaluate']>[0]) => {
        const results = await inner.evaluate(r);
        if (r.purpose !== 'minibatch-parent' || ++parents % 4 !== 0) return results;
        return results.map((x) => (x.taskId === toyTask('a', 'beta') ? { ...x, score: 0 } : x));
      },
    };
    const going = await runEngine(config({ ...solvedTrain, evaluator: flaky, proposer: uselessProposer, minibatchSize: 2, budget: 300 }));
    expect(going.stopReason).toBe('budget spent');
  });

  it('is deterministic for a seed', async () => {
    const a = await runEngine(config({ randomSeed: 4 }));
    const b = await runEngine(config({ randomSeed: 4 }));
    expect(b.pool.map((c) => c.texts)).toEqual(a.pool.map((c) => c.texts));
    expect(b.budgetUsed).toBe(a.budgetUsed);
  });

  it('stops on a stop condition and reports why', async () => {
    const result = await runEngine(config({ stops: [{ check: (p) => (p.iteration >= 2 ? 'enough' : undefined) }] }));
    expect(result.stopReason).toBe('enough');
    expect(result.iterations).toBe(2);
  });

  it('returns what it has when the evaluator is interrupted', async () => {
    const inner = new ToyEvaluator();
    let calls = 0;
    const evaluator = {
      evaluate: async (r: Parameters<ToyEvaluator['evaluate']>[0]) => (++calls > 3 ? Promise.reject(new EvaluationInterrupted('stop')) : inner.evaluate(r)),
    };
    const result = await runEngine(config({ evaluator }));
    expect(result.interrupted).toBe(true);
    expect(result.stopReason).toBe('interrupted');
    expect(result.pool.length).toBeGreaterThan(0);
  });

  it('merges two Pareto candidates from different lineages, taking each changed component', async () => {
    const { journal, proposals, candidates } = recordingJournal();
    // Children all of the seed, round-robin over components: two lineages, each better on its own
    // component's tasks, which is what a merge can combine.
    const seedOnly = { name: 'seed-only', select: () => 0 };
    const result = await runEngine(
      config({ merge: { maxMerges: 3, subsample: 4 }, components: roundRobin(), selector: seedOnly, journal, budget: 400, randomSeed: 2 }),
    );
    const merges = proposals.filter((p) => p.kind === 'merge');
    expect(merges.length).toBeGreaterThan(0);
    const merged = candidates.filter((c) => c.origin === 'merge');
    expect(merged.length).toBeGreaterThan(0);
    for (const m of merged) {
      expect(m.parents).toHaveLength(2);
      const [p, q] = m.parents.map((id) => result.pool[id]!);
      // every component of the merge comes from one of its parents
      for (const component of ['a', 'b']) expect([p!.texts[component], q!.texts[component]]).toContain(m.texts[component]);
      expect(m.valMean).toBeGreaterThanOrEqual(Math.max(p!.valMean, q!.valMean));
    }
    expect(result.best.origin).toBe('merge');
  });
});

describe('runEngine with a gate', () => {
  it('refuses a child whose every description the gate flags before running it: no child minibatch, no metric calls', async () => {
    const evaluator = new ToyEvaluator();
    const { journal, verdicts, candidates } = recordingJournal();
    const seen: Array<{ parent: string; child: string; results: number }> = [];
    const gate: EngineConfig<ToyTrace, string>['gate'] = (parent, child, { results }) => {
      seen.push({ parent: parent.a!, child: child.a!, results: results.length });
      return { rule: 'task-word-list' };
    };
    const result = await runEngine(config({ evaluator, journal, gate, budget: 60 }));
    expect(verdicts.length).toBeGreaterThan(0);
    expect(
      verdicts.every(
        (v) => !v.accepted && /^[ab] lint: task-word-list(?:; [ab] lint: task-word-list)?$/.test(v.reason) && v.scoresAfter === null && v.child === null,
      ),
    ).toBe(true);
    // the refusals are in the verdict as they were made, not only in its words
    for (const v of verdicts) expect(v.reason).toBe(v.gateRefusals.map((r) => `${r.component} lint: ${r.rule}`).join('; '));
    expect(verdicts.every((v) => v.gateRefusals.length > 0 && v.gateRefusals.every((r) => r.rule === 'task-word-list'))).toBe(true);
    expect(evaluator.requests.map((r) => r.purpose)).not.toContain('minibatch-child');
    // what was spent: the seed's validation and one parent minibatch per iteration, nothing for the children
    expect(result.budgetUsed).toBe(12 + 3 * result.iterations);
    expect(candidates).toHaveLength(1);
    // the gate saw the parent, the child, and the parent's minibatch results
    expect(seen[0]).toMatchObject({ parent: 'start', results: 3 });
    expect(seen[0]!.child).not.toBe('start');
  });

  it('holds back only the flagged description: the child runs with the others and the reason names what was held back', async () => {
    const evaluator = new ToyEvaluator();
    const { journal, verdicts } = recordingJournal();
    const gate: EngineConfig<ToyTrace, string>['gate'] = (parent, child) => (child.a !== parent.a ? { rule: 'inflated-claim' } : undefined);
    await runEngine(config({ evaluator, journal, gate, budget: 80, components: { name: 'both', choose: () => ['a', 'b'] } }));
    const partial = verdicts.filter((v) => v.reason.includes('held back by the honesty gate: a lint: inflated-claim'));
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((v) => v.scoresAfter !== null)).toBe(true);
    expect(partial.every((v) => v.gateRefusals.length === 1 && v.gateRefusals[0]!.component === 'a' && v.gateRefusals[0]!.rule === 'inflated-claim')).toBe(
      true,
    );
    const children = evaluator.requests.filter((r) => r.purpose === 'minibatch-child');
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((r) => r.texts.a === 'start')).toBe(true);
  });

  it('runs the child as usual when the gate lets it through', async () => {
    const gated = await runEngine(config({ randomSeed: 4, gate: () => undefined }));
    const plain = await runEngine(config({ randomSeed: 4 }));
    expect(gated.pool.map((c) => c.texts)).toEqual(plain.pool.map((c) => c.texts));
    expect(gated.budgetUsed).toBe(plain.budgetUsed);
  });
});

describe("runEngine with the seed's recorded results", () => {
  /** What running the seed on these tasks would have given: misses of component a. */
  const recordedMisses = (words: string[], comparable = true) =>
    words.map((word) => ({ result: { taskId: toyTask('a', word), score: 0, metrics: { hit: 0 }, trace: { component: 'a', word } }, comparable }));

  it('reflects on them first, a minibatch at a time, without spending calls to run the seed', async () => {
    const evaluator = new ToyEvaluator();
    const { journal, proposals } = recordingJournal();
    const seedResults = recordedMisses(['zeta', 'eps', 'delta', 'gamma']);
    await runEngine(config({ evaluator, journal, seedResults, budget: 60, minibatchSize: 3 }));
    const recorded = proposals.filter((p) => p.parentScores === 'recorded');
    expect(recorded.map((p) => p.minibatch)).toEqual([tasks('a', ['zeta', 'eps', 'delta']), tasks('a', ['gamma'])]);
    expect(recorded.every((p) => p.parents[0] === 0)).toBe(true);
    // the learning proposer appends the first missed word it is shown: the recorded one, not a drawn one
    expect(proposals[0]!.proposal).toMatchObject({ a: { ok: true, text: 'start zeta' } });
    // iterations 1 and 2 ran the child only, never the parent
    const first = evaluator.requests.filter((r) => r.iteration <= 2);
    expect(first.map((r) => r.purpose)).not.toContain('minibatch-parent');
    expect(first.find((r) => r.purpose === 'minibatch-child')!.taskIds).toEqual(tasks('a', ['zeta', 'eps', 'delta']));
    // later iterations draw and run their own parent minibatches
    expect(proposals.slice(2).every((p) => p.parentScores === 'evaluated')).toBe(true);
  });

  it('counts only the calls it ran', async () => {
    const evaluator = new ToyEvaluator();
    const result = await runEngine(config({ evaluator, seedResults: recordedMisses(['zeta', 'eps', 'delta']), budget: 60 }));
    expect(result.budgetUsed).toBe(evaluator.requests.reduce((s, r) => s + r.taskIds.length, 0));
  });

  it('runs the seed on the recorded tasks for its scores when the records are not comparable, and reflects on the records', async () => {
    const evaluator = new ToyEvaluator();
    const { journal, proposals } = recordingJournal();
    const seedResults = recordedMisses(['zeta', 'eps', 'delta'], false);
    const reflectedOn: unknown[][] = [];
    const reflector = {
      ...toyReflector,
      reflectiveDataset: (...args: Parameters<typeof toyReflector.reflectiveDataset>) => (reflectedOn.push(args[2]), toyReflector.reflectiveDataset(...args)),
    };
    await runEngine(config({ evaluator, journal, reflector, seedResults, budget: 60, minibatchSize: 3 }));
    expect(proposals[0]).toMatchObject({ parents: [0], parentScores: 'evaluated-reflecting-recorded', minibatch: tasks('a', ['zeta', 'eps', 'delta']) });
    const first = evaluator.requests.filter((r) => r.iteration === 1);
    expect(first[0]).toMatchObject({ purpose: 'minibatch-parent', taskIds: tasks('a', ['zeta', 'eps', 'delta']) });
    expect(reflectedOn[0]).toEqual(seedResults.map((r) => r.result));
  });

  it('refuses recorded results of tasks outside the train split', async () => {
    await expect(runEngine(config({ trainTaskIds: tasks('b', WORDS), seedResults: recordedMisses(['zeta']) }))).rejects.toThrow(
      /must be of train tasks; not train: a:zeta/,
    );
  });
});

describe('mergeTexts', () => {
  const base = (texts: Record<string, string>, valMean = 0): Candidate => ({
    id: 0,
    texts,
    parents: [],
    origin: 'seed',
    iteration: 0,
    valScores: {},
    valMean,
    valMetrics: {},
    budgetUsed: 0,
  });

  it('takes from each side the component it changed', () => {
    expect(mergeTexts(base({ a: 'x', b: 'y' }), base({ a: 'x1', b: 'y' }), base({ a: 'x', b: 'y2' }))).toEqual({ a: 'x1', b: 'y2' });
  });

  it('adds nothing when neither side kept the ancestor text', () => {
    expect(mergeTexts(base({ a: 'x' }), base({ a: 'x1' }), base({ a: 'x2' }))).toBeUndefined();
  });

  it('prefers the higher scorer where both changed the same component', () => {
    expect(mergeTexts(base({ a: 'x', b: 'y' }), base({ a: 'x1', b: 'y' }, 0.2), base({ a: 'x2', b: 'y2' }, 0.5))).toEqual({ a: 'x2', b: 'y2' });
  });
});
