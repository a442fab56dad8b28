// The state one search carries from step to step: the pool and its history, the budget and the evaluation
// ordinals, the random streams, and the counters the stop conditions read. The steps (mutation-round.ts,
// merge-step.ts, acceptance.ts) change it only through these methods, one at a time, in iteration order.
import { Budget } from './budget.ts';
import type { EngineResult, RecordedResult, SearchSetup } from './config.ts';
import { EpochSampler } from './minibatch.ts';
import { bestCandidate } from './pareto.ts';
import { Rng } from './rng.ts';
import type { SearchProgress } from './stoppers.ts';
import type { Candidate, EvaluationPurpose, TaskResult, Texts } from './types.ts';

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

export class SearchState<Trace, Row> {
  readonly pool: Candidate[] = [];
  readonly history: EngineResult['history'] = [];
  readonly budget: Budget;
  /** the parent selector's and the merges' randomness */
  readonly rng: Rng;
  readonly sampler: EpochSampler;
  /** the seed's recorded results, a minibatch each, for the first mutations */
  readonly recordedBatches: RecordedResult<Trace>[][];
  readonly triedMerges = new Set<string>();
  iteration = 0;
  mergesDue = 0;
  mergesTried = 0;
  private ordinal = 0;
  private sinceImprovement = 0;
  private readonly solvedInARow = { ids: new Set<string>(), episodes: 0 };

  constructor(readonly setup: SearchSetup<Trace, Row>) {
    const { config } = setup;
    this.budget = new Budget(config.budget);
    this.rng = new Rng(config.randomSeed, 'engine');
    this.sampler = new EpochSampler(config.trainTaskIds, setup.minibatchSize, new Rng(config.randomSeed, 'minibatch'), config.unitOf);
    this.recordedBatches = chunks(config.seedResults ?? [], setup.minibatchSize);
  }

  best(): Candidate {
    return bestCandidate(this.pool, this.setup.objective, this.setup.ranking);
  }

  /** Whether the best candidate may win (the seed stands in when no candidate may). */
  bestAdmissible(): boolean {
    return this.setup.ranking.admissible?.(this.best().texts) ?? true;
  }

  /** What the stop conditions read; the pool holds the validated seed by then. */
  progress(): SearchProgress {
    return {
      iteration: this.iteration,
      budgetUsed: this.budget.used,
      budgetRemaining: this.budget.remaining,
      sinceImprovement: this.sinceImprovement,
      // a best that may not win stops nothing: the search goes on looking for one that may
      bestScore: this.bestAdmissible() ? this.setup.objective.score(this.best()) : Number.NEGATIVE_INFINITY,
      solvedInARow: this.solvedInARow,
    };
  }

  /** Spends the budget and takes the next ordinal at once, when called; the episodes run while the caller goes on. */
  async evaluate(purpose: EvaluationPurpose, texts: Texts, taskIds: string[], at = this.iteration): Promise<TaskResult<Trace>[]> {
    this.budget.spend(taskIds.length);
    const results = await this.setup.config.evaluator.evaluate({ ordinal: this.ordinal++, purpose, iteration: at, texts, taskIds });
    this.notify();
    return results;
  }

  addCandidate(texts: Texts, parents: number[], origin: Candidate['origin'], val: TaskResult<Trace>[], at = this.iteration): Candidate {
    const metricNames = [...new Set(val.flatMap((r) => Object.keys(r.metrics)))];
    const candidate: Candidate = {
      id: this.pool.length,
      texts,
      parents,
      origin,
      iteration: at,
      valScores: Object.fromEntries(val.map((r) => [r.taskId, r.score])),
      valMean: mean(val.map((r) => r.score)),
      valMetrics: Object.fromEntries(metricNames.map((m) => [m, mean(val.map((r) => r.metrics[m] ?? 0))])),
      budgetUsed: this.budget.used,
    };
    const { objective, journal, config } = this.setup;
    const bestBefore = this.pool.length === 0 ? undefined : this.best();
    this.pool.push(candidate);
    journal.candidateAdded(candidate);
    const score = objective.score(candidate);
    // the new candidate is the best when it scores higher, or (with a cost or admissible candidates) wins a tie
    if (bestBefore === undefined || this.best().id !== bestBefore.id) {
      this.history.push({
        budgetUsed: this.budget.used,
        candidate: candidate.id,
        valMean: candidate.valMean,
        objective: score,
        valMetrics: candidate.valMetrics,
      });
      this.sinceImprovement = 0;
    } else this.sinceImprovement++;
    if (config.merge && this.mergesTried < config.merge.maxMerges) this.mergesDue++;
    this.notify();
    return candidate;
  }

  /** A mutation that added no candidate. */
  noImprovement(): void {
    this.sinceImprovement++;
  }

  /** A mutation's minibatch: perfect ones (skipped) count towards the train solved stop, any other resets it. */
  minibatchSeen(minibatch: readonly string[], perfect: boolean): void {
    if (perfect) {
      for (const id of minibatch) this.solvedInARow.ids.add(id);
      this.solvedInARow.episodes += minibatch.length;
    } else {
      this.solvedInARow.ids.clear();
      this.solvedInARow.episodes = 0;
    }
  }

  result(stopReason: string, interrupted: boolean): EngineResult {
    const { pool, history } = this;
    return {
      pool,
      best: this.best(),
      bestAdmissible: this.bestAdmissible(),
      budgetUsed: this.budget.used,
      stopReason,
      interrupted,
      iterations: this.iteration,
      nextOrdinal: this.ordinal,
      history,
    };
  }

  private notify(): void {
    this.setup.config.onProgress?.({
      iteration: this.iteration,
      budgetUsed: this.budget.used,
      budget: this.budget.total,
      bestValMean: this.pool.length ? this.best().valMean : 0,
      poolSize: this.pool.length,
    });
  }
}
