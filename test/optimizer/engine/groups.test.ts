// Several agents seen generically: ids grouped into units for minibatches and into groups for the objective.
import { describe, expect, it } from 'vitest';
import { runEngine } from '../../../optimizer/engine/engine.ts';
import { EpochSampler, largestBatch } from '../../../optimizer/engine/minibatch.ts';
import { groupMeans, meanObjective, meanOfGroups, worstGroup } from '../../../optimizer/engine/objective.ts';
import { bestCandidate } from '../../../optimizer/engine/pareto.ts';
import { Rng } from '../../../optimizer/engine/rng.ts';
import type { Candidate, EvaluationRequest, Evaluator, TaskResult } from '../../../optimizer/engine/types.ts';
import { learningProposer, toyReflector, toyTask, type ToyTrace } from './toy.ts';

const unitOf = (id: string) => id.split('@')[0]!;
const groupOf = (id: string) => id.split('@')[1]!;

function candidate(id: number, valScores: Record<string, number>): Candidate {
  const scores = Object.values(valScores);
  return {
    id,
    texts: {},
    parents: [],
    origin: 'mutation',
    iteration: id,
    valScores,
    valMean: scores.reduce((s, x) => s + x, 0) / scores.length,
    valMetrics: {},
    budgetUsed: 0,
  };
}

describe('minibatches of units', () => {
  const ids = ['t1@x', 't1@y', 't2@x', 't2@y', 't3@x', 't3@y', 't4@x', 't4@y'];

  it('draws every id of a unit together, each unit once per epoch, the size counting units', () => {
    const sampler = new EpochSampler(ids, 2, new Rng(4), unitOf);
    const epoch = [sampler.next(), sampler.next()];
    for (const batch of epoch) {
      expect(batch).toHaveLength(4);
      for (const unit of new Set(batch.map(unitOf))) expect(batch.filter((id) => unitOf(id) === unit)).toEqual([`${unit}@x`, `${unit}@y`]);
    }
    expect(epoch.flat().sort()).toEqual([...ids].sort());
  });

  it('draws units in the order plain ids would be drawn with the same seed', () => {
    const tasks = ['t1', 't2', 't3', 't4'];
    const plain = new EpochSampler(tasks, 2, new Rng(9));
    const grouped = new EpochSampler(ids, 2, new Rng(9), unitOf);
    for (let i = 0; i < 5; i++) expect([...new Set(grouped.next().map(unitOf))]).toEqual(plain.next());
  });

  it('sizes the largest batch by its largest units', () => {
    expect(largestBatch(ids, 3, unitOf)).toBe(6);
    expect(largestBatch(['a@x', 'a@y', 'a@z', 'b@x'], 1, unitOf)).toBe(3);
    expect(largestBatch(['a', 'b', 'c'], 5)).toBe(3);
  });
});

describe('objectives over groups', () => {
  // 'even' is fair to both groups; 'lopsided' has the higher mean but serves group y badly.
  const even = candidate(0, { 't1@x': 0.5, 't2@x': 0.5, 't1@y': 0.5, 't2@y': 0.5 });
  const lopsided = candidate(1, { 't1@x': 1, 't2@x': 1, 't1@y': 0, 't2@y': 0.5 });

  it('reads each group mean, the mean of them, and the worst of them', () => {
    expect([...groupMeans(lopsided.valScores, groupOf)]).toEqual([
      ['x', 1],
      ['y', 0.25],
    ]);
    expect(meanOfGroups(groupOf).score(lopsided)).toBe(0.625);
    expect(worstGroup(groupOf).score(lopsided)).toBe(0.25);
    expect(meanObjective.score(lopsided)).toBe(lopsided.valMean);
  });

  it('lets the objective choose the best candidate', () => {
    expect(bestCandidate([even, lopsided]).id).toBe(1);
    expect(bestCandidate([even, lopsided], meanOfGroups(groupOf)).id).toBe(1);
    expect(bestCandidate([even, lopsided], worstGroup(groupOf)).id).toBe(0);
  });
});

/**
 * Two readers of the toy texts: `x` scores a task when its word is in the text; `y` only when the word is
 * the text's first word after "start", so a text tuned for x can leave y behind.
 */
class TwoReaders implements Evaluator<ToyTrace> {
  readonly requests: EvaluationRequest[] = [];
  async evaluate(request: EvaluationRequest): Promise<TaskResult<ToyTrace>[]> {
    this.requests.push(request);
    return request.taskIds.map((taskId) => {
      const [task, reader] = taskId.split('@') as [string, string];
      const [component, word] = task.split(':') as [string, string];
      const words = (request.texts[component] ?? '').split(' ');
      const hit = reader === 'x' ? words.includes(word) : words[1] === word;
      return { taskId, score: hit ? 1 : 0, metrics: {}, trace: { component, word } };
    });
  }
}

describe('a search over (task, group) pairs', () => {
  const WORDS = ['alpha', 'beta', 'gamma', 'delta'];
  const pairs = WORDS.flatMap((w) => ['x', 'y'].map((r) => `${toyTask('a', w)}@${r}`));
  const search = (evaluator: TwoReaders, objective = worstGroup(groupOf)) =>
    runEngine({
      seedTexts: { a: 'start' },
      trainTaskIds: pairs,
      valTaskIds: pairs,
      unitOf,
      objective,
      evaluator,
      reflector: toyReflector,
      proposer: learningProposer,
      budget: 80,
      randomSeed: 2,
      minibatchSize: 2,
    });

  it('judges children on every group of the units drawn, counts every pair against the budget, and picks the best by the objective', async () => {
    const evaluator = new TwoReaders();
    const result = await search(evaluator);
    for (const r of evaluator.requests.filter((q) => q.purpose.startsWith('minibatch'))) {
      expect(r.taskIds).toHaveLength(4);
      expect(r.taskIds.filter((id) => groupOf(id) === 'x').map(unitOf)).toEqual(r.taskIds.filter((id) => groupOf(id) === 'y').map(unitOf));
    }
    expect(result.budgetUsed).toBe(evaluator.requests.reduce((n, r) => n + r.taskIds.length, 0));
    expect(result.budgetUsed).toBeLessThanOrEqual(80);
    expect(result.best.id).toBe(bestCandidate(result.pool, worstGroup(groupOf)).id);
    const objectives = result.history.map((h) => h.objective);
    expect(objectives).toEqual([...objectives].sort((a, b) => a - b));
    expect(result.history.at(-1)!.objective).toBe(worstGroup(groupOf).score(result.best));
  });

  it('is the same search again with the same seed', async () => {
    const [a, b] = [await search(new TwoReaders()), await search(new TwoReaders())];
    expect(b.pool.map((c) => c.texts)).toEqual(a.pool.map((c) => c.texts));
    expect(b.best.id).toBe(a.best.id);
  });

  it('refuses a budget that cannot pay for one minibatch of every pair', async () => {
    // 8 validation pairs and a parent and a child minibatch of 2 units x 2 groups
    await expect(
      runEngine({
        seedTexts: { a: 'start' },
        trainTaskIds: pairs,
        valTaskIds: pairs,
        unitOf,
        evaluator: new TwoReaders(),
        reflector: toyReflector,
        proposer: learningProposer,
        budget: 15,
        randomSeed: 1,
        minibatchSize: 2,
      }),
    ).rejects.toThrow(/one iteration \(8\); give at least 16/);
  });
});
