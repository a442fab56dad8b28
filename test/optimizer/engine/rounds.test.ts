// Several mutations at once (EngineConfig.parallelIterations): the same search however the calls interleave.
import { describe, expect, it } from 'vitest';
import { runEngine, type EngineConfig } from '../../../optimizer/engine/engine.ts';
import { bestSelector } from '../../../optimizer/engine/pareto.ts';
import { EvaluationInterrupted, type EvaluationRequest, type Journal, type ProposalRecord, type Verdict } from '../../../optimizer/engine/types.ts';
import { Rng } from '../../../optimizer/engine/rng.ts';
import { learningProposer, toyReflector, toyTask, ToyEvaluator, type ToyTrace } from './toy.ts';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'eps', 'zeta', 'eta', 'theta'];
const tasks = (component: string) => WORDS.map((w) => toyTask(component, w));

/** The toy evaluator answering after a delay drawn from its own seed, counting evaluations in flight. */
class SlowToyEvaluator extends ToyEvaluator {
  inFlight = 0;
  maxInFlight = 0;
  private readonly delays: Rng;
  constructor(delaySeed: number) {
    super();
    this.delays = new Rng(delaySeed, 'delays');
  }
  override async evaluate(request: EvaluationRequest) {
    const answer = super.evaluate(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, this.delays.int(0, 5)));
    this.inFlight--;
    return answer;
  }
}

function recording() {
  const entries: Array<ProposalRecord | Verdict> = [];
  const journal: Journal = { candidateAdded: () => {}, proposalMade: (p) => entries.push(p), proposalJudged: (_, v) => entries.push(v) };
  return { journal, entries };
}

function config(evaluator: ToyEvaluator, overrides: Partial<EngineConfig<ToyTrace, string>> = {}): EngineConfig<ToyTrace, string> {
  return {
    seedTexts: { a: 'start', b: 'start', c: 'start' },
    trainTaskIds: [...tasks('a'), ...tasks('b'), ...tasks('c')],
    valTaskIds: [...tasks('a'), ...tasks('b'), ...tasks('c')],
    evaluator,
    reflector: toyReflector,
    proposer: learningProposer,
    budget: 240,
    randomSeed: 3,
    parallelIterations: 3,
    ...overrides,
  };
}

const requestsOf = (e: ToyEvaluator) => e.requests.map(({ ordinal, purpose, iteration, texts, taskIds }) => ({ ordinal, purpose, iteration, texts, taskIds }));

describe('runEngine with several mutations at once', () => {
  it("runs a round's parent minibatches at once", async () => {
    const parallel = new SlowToyEvaluator(1);
    await runEngine(config(parallel));
    expect(parallel.maxInFlight).toBe(3);
    const sequential = new SlowToyEvaluator(1);
    await runEngine(config(sequential, { parallelIterations: 1 }));
    expect(sequential.maxInFlight).toBe(1);
  });

  it('is the same search however its evaluations interleave', async () => {
    const runs = await Promise.all(
      [11, 12, 13].map(async (delaySeed) => {
        const evaluator = new SlowToyEvaluator(delaySeed);
        const { journal, entries } = recording();
        const result = await runEngine(config(evaluator, { journal }));
        return { requests: requestsOf(evaluator), entries, pool: result.pool, history: result.history, iterations: result.iterations };
      }),
    );
    expect(runs[0]!.pool.length).toBeGreaterThan(3);
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('takes ordinals and budget in the order it asks, and never exceeds the budget', async () => {
    const evaluator = new SlowToyEvaluator(5);
    const result = await runEngine(config(evaluator, { budget: 100, parallelIterations: 4 }));
    expect(evaluator.requests.map((r) => r.ordinal)).toEqual(evaluator.requests.map((_, i) => i));
    expect(result.budgetUsed).toBe(evaluator.requests.reduce((s, r) => s + r.taskIds.length, 0));
    expect(result.budgetUsed).toBeLessThanOrEqual(100);
  });

  it("draws every parent of a round from the pool as the round began: the round's children are not parents in it", async () => {
    const { journal, entries } = recording();
    await runEngine(config(new ToyEvaluator(), { journal, selector: bestSelector, budget: 240 }));
    const firstRound = entries.filter((e): e is ProposalRecord => 'kind' in e && e.iteration <= 3);
    expect(firstRound.map((p) => p.iteration)).toEqual([1, 2, 3]);
    expect(firstRound.every((p) => p.parents[0] === 0)).toBe(true);
  });

  it('issues nothing more in a round once one of its mutations is interrupted, and settles none of them', async () => {
    const inner = new SlowToyEvaluator(7);
    const evaluator = {
      evaluate: (r: EvaluationRequest) =>
        r.iteration === 2 && r.purpose === 'minibatch-child' ? Promise.reject(new EvaluationInterrupted('stop')) : inner.evaluate(r),
    };
    const judged: number[] = [];
    const journal: Journal = { candidateAdded: () => {}, proposalMade: () => {}, proposalJudged: (iteration) => judged.push(iteration) };
    const result = await runEngine(config(inner, { evaluator, journal }));
    expect(result.interrupted).toBe(true);
    // the first round (iterations 1 to 3): no validation of a child was asked for after the interruption
    expect(inner.requests.filter((r) => r.purpose === 'val').map((r) => r.iteration)).toEqual([0]);
    expect(judged).toEqual([]);
    expect(result.pool).toHaveLength(1);
  });

  it('records the proposals of every mutation that asked the proposer, also those the round discards when another is interrupted', async () => {
    const inner = new SlowToyEvaluator(7);
    const evaluator = {
      evaluate: (r: EvaluationRequest) =>
        r.iteration === 1 && r.purpose === 'minibatch-child' ? Promise.reject(new EvaluationInterrupted('stop')) : inner.evaluate(r),
    };
    const asked = new Set<number>();
    const proposer = { id: 'counting', propose: (r: Parameters<typeof learningProposer.propose>[0]) => (asked.add(r.iteration), learningProposer.propose(r)) };
    const { journal, entries } = recording();
    const result = await runEngine(config(inner, { evaluator, journal, proposer }));
    expect(result.interrupted).toBe(true);
    // a proposer call is paid for: each one is in the journal, which a resume replays instead of asking again
    expect(asked.size).toBeGreaterThan(1);
    expect(entries.flatMap((e) => ('kind' in e ? [e.iteration] : []))).toEqual([...asked].sort((x, y) => x - y));
  });

  it("records the components a proposer answered before it failed on the iteration's next one, and passes the failure on", async () => {
    const outage = new Error('proposer endpoint down');
    let calls = 0;
    const proposer = {
      id: 'failing-second',
      propose: (r: Parameters<typeof learningProposer.propose>[0]) => (++calls === 2 ? Promise.reject(outage) : learningProposer.propose(r)),
    };
    const { journal, entries } = recording();
    const everyComponent = { name: 'every', choose: (_parent: unknown, components: readonly string[]) => [...components] };
    await expect(runEngine(config(new ToyEvaluator(), { journal, proposer, components: everyComponent, parallelIterations: 1 }))).rejects.toBe(outage);
    const [made] = entries.filter((e): e is ProposalRecord => 'kind' in e);
    expect(made).toMatchObject({ iteration: 1, components: ['a', 'b', 'c'] });
    expect(Object.keys(made!.proposal as object)).toEqual(['a']);
  });

  it('passes an outage on as itself, not as the interruption of the round it stopped', async () => {
    const inner = new ToyEvaluator();
    const outage = new Error('model endpoint down');
    const evaluator = { evaluate: (r: EvaluationRequest) => (r.iteration === 2 ? Promise.reject(outage) : inner.evaluate(r)) };
    await expect(runEngine(config(inner, { evaluator }))).rejects.toBe(outage);
  });
});
