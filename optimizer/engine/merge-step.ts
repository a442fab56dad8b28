// The merge step (GEPA sec. 3.3): two Pareto candidates of different lineages recombined (merge.ts), tried on a
// validation subsample first and validated in full only when it does at least as well as the better parent.
import type { MergeSettings } from './config.ts';
import { mergeSubsample, planMerge } from './merge.ts';
import type { SearchState } from './search-state.ts';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** One merge attempt; false when no pair qualifies (the iteration then mutates instead). */
export async function mergeStep<Trace, Row>(state: SearchState<Trace, Row>, settings: MergeSettings): Promise<boolean> {
  const { pool, rng, iteration } = state;
  const { journal, config } = state.setup;
  const plan = planMerge(pool, rng, state.triedMerges);
  if (plan === undefined) return false;
  const [a, b] = [pool[plan.a]!, pool[plan.b]!];
  const subsample = mergeSubsample(a, b, Math.min(settings.subsample, config.valTaskIds.length), rng);
  state.mergesDue--;
  state.mergesTried++;
  journal.proposalMade({
    iteration,
    kind: 'merge',
    parents: [a.id, b.id],
    components: null,
    proposer: null,
    proposal: { merged: plan.texts, ancestor: plan.ancestor },
    minibatch: subsample,
    parentScores: 'evaluated',
  });
  const judged = (verdict: { scoresBefore: number[] | null; scoresAfter: number[] | null; accepted: boolean; reason: string; child: number | null }) =>
    journal.proposalJudged(iteration, { ...verdict, gateRefusals: [] });
  const rest = config.valTaskIds.filter((t) => !subsample.includes(t));
  if (!state.budget.canAfford(subsample.length + rest.length)) {
    judged({ scoresBefore: null, scoresAfter: null, accepted: false, reason: 'not enough budget left to validate a merge', child: null });
    return true;
  }
  const trial = await state.evaluate('merge-subsample', plan.texts, subsample);
  const after = trial.map((r) => r.score);
  const [sumA, sumB] = [sum(subsample.map((t) => a.valScores[t]!)), sum(subsample.map((t) => b.valScores[t]!))];
  const before = subsample.map((t) => (sumA >= sumB ? a : b).valScores[t]!);
  const [afterSum, better] = [sum(after), Math.max(sumA, sumB)];
  if (afterSum < better) {
    judged({
      scoresBefore: before,
      scoresAfter: after,
      accepted: false,
      reason: `merge scored ${afterSum} on its subsample, below the better parent's ${better}`,
      child: null,
    });
    return true;
  }
  const remaining = rest.length > 0 ? await state.evaluate('val', plan.texts, rest) : [];
  const byTask = new Map([...trial, ...remaining].map((r) => [r.taskId, r]));
  const child = state.addCandidate(
    plan.texts,
    [a.id, b.id],
    'merge',
    config.valTaskIds.map((t) => byTask.get(t)!),
  );
  const reason = `merge scored ${afterSum} on its subsample, at least the better parent's ${better}`;
  judged({ scoresBefore: before, scoresAfter: after, accepted: true, reason, child: child.id });
  return true;
}
