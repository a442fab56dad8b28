// The optimize report, assembled from what the search and the held-out splits measured and what the store
// recorded of the proposals (report/optimize-report.ts gives its shape).
import { countDescriptionTokens, type OptimizerProposalRow } from '../../traces/index.ts';
import { wilson } from '../../src/index.ts';
import type { EngineResult } from '../engine/engine.ts';
import type { Candidate, TaskResult } from '../engine/types.ts';
import { addedWords } from './report/added-words.ts';
import { perAgentReport, type SplitResults } from './report/agent-report.ts';
import type { AgentsEvaluator } from '../adapter/agents-evaluator.ts';
import type { HeldOutResults } from './held-out.ts';
import type { OpenedSearch } from './open-search.ts';
import { REPORT_VERSION, type CandidateSummary, type OptimizeReport } from './report/optimize-report.ts';
import type { OptimizeRequest, SearchPlan } from './optimize-request.ts';
import { proposalOutcomes } from './report/proposal-outcomes.ts';
import { interruptionReason } from './run-status.ts';
import { shareScores, splitScores, successCount } from './report/split-scores.ts';
import type { ScoredEpisode } from '../adapter/targets.ts';
import { BUDGET_RULES, tokenBudgetOf } from './token-budget.ts';
import { wordingHalves } from './report/wording-halves.ts';

export interface ReportInputs {
  req: OptimizeRequest;
  plan: SearchPlan;
  opened: OpenedSearch;
  result: EngineResult;
  heldOut: HeldOutResults;
  evaluator: AgentsEvaluator<ScoredEpisode>;
  /** the winner's description version; null when interrupted */
  versionId: string | null;
}

export function buildReport({ req, plan, opened, result, heldOut, evaluator, versionId }: ReportInputs): OptimizeReport {
  const { settings, run, seedResults } = opened;
  const { suite } = req.loaded;
  const seed = result.pool[0]!;
  const proposals = req.store.listProposals(run.id);
  return {
    reportVersion: REPORT_VERSION,
    runId: run.id,
    status: result.interrupted ? 'interrupted' : 'completed',
    suite: suite.name,
    suitePath: req.loaded.path,
    server: settings.server,
    target: settings.target,
    agent: plan.instances.agentIds.join(','),
    proposer: req.proposer.id,
    budget: settings.budget,
    budgetUsed: result.budgetUsed,
    reportCalls: heldOut.reportCalls,
    paraphraseCalls: heldOut.paraphraseCalls,
    stopReason: result.interrupted ? interruptionReason(req.signal) : result.stopReason,
    iterations: result.iterations,
    poolSize: result.pool.length,
    proposals: { made: proposals.length, accepted: proposals.filter((p) => p.accepted === true).length },
    seedVersionId: opened.seedVersionId,
    conditions: plan.conditions.values,
    seedData: seedResults ? { episodes: seedResults.length, otherAgent: seedResults.filter((r) => !r.comparable).length, skipped: opened.skipped } : null,
    versionId,
    honestyGate: gateSummary(settings.honestyGate === true, proposals),
    ...budgetSummary(settings, result, proposals),
    ...(settings.paretoTokens === true ? { paretoTokens: true } : {}),
    proposalOutcomes: proposalOutcomes(proposals, suite.tasks, settings.server),
    addedWords: addedWords(seed.texts, result.best.texts, suite.tasks),
    seed: summarize(seed, heldOut.seed, validationResults(seed, plan, evaluator)),
    best: summarize(result.best, heldOut.best, validationResults(result.best, plan, evaluator)),
    ...halvesByWording({ req, plan, opened, result, heldOut }),
    ...(plan.agents.length > 1 ? { perAgent: perAgent({ plan, opened, result, heldOut, evaluator }) } : {}),
    history: result.history,
  };
}

/** The test split's halves by wording, when seed and best were both run on it. */
function halvesByWording({ req, plan, opened, result, heldOut }: Omit<ReportInputs, 'evaluator' | 'versionId'>): Pick<OptimizeReport, 'wordingHalves'> {
  const [seedTest, bestTest] = [heldOut.seed.test, heldOut.best.test];
  if (seedTest === null || bestTest === null) return {};
  const ids = new Set(plan.splits.test);
  const tests = req.loaded.suite.tasks.filter((t) => ids.has(t.id));
  const halves = wordingHalves(tests, result.pool[0]!.texts, opened.settings.server, { seed: seedTest, best: bestTest }, plan.instances.taskOf);
  return halves === null ? {} : { wordingHalves: halves };
}

function perAgent({ plan, opened, result, heldOut, evaluator }: Omit<ReportInputs, 'req' | 'versionId'>): OptimizeReport['perAgent'] {
  const { instances } = plan;
  const splitsOf = (c: Candidate, held: HeldOutResults['seed']): SplitResults => ({
    val: validationResults(c, plan, evaluator),
    ...held,
  });
  return perAgentReport(instances, opened.agentRuns, opened.settings.objective ?? 'mean', {
    seed: splitsOf(result.pool[0]!, heldOut.seed),
    best: splitsOf(result.best, heldOut.best),
  });
}

/** A pool candidate's validation results: every one was validated through this evaluator, in this process or in the replay of a resume. */
function validationResults(c: Candidate, { instances, splits }: SearchPlan, evaluator: ReportInputs['evaluator']) {
  const results = evaluator.resultsOf(c.texts, instances.of(splits.val));
  if (results === undefined) throw new Error(`candidate ${c.id}'s validation results were not seen`);
  return results;
}

type Proposals = readonly Pick<OptimizerProposalRow, 'gateRefusals'>[];

/** Counts the descriptions refused under the rules `counted` keeps, per rule, in the order the proposals recorded them. */
function refusalCounts(proposals: Proposals, counted: (rule: string) => boolean): { rejected: number; byRule: Record<string, number> } {
  const byRule: Record<string, number> = {};
  for (const { rule } of proposals.flatMap((p) => p.gateRefusals ?? []).filter((r) => counted(r.rule))) byRule[rule] = (byRule[rule] ?? 0) + 1;
  return { rejected: Object.values(byRule).reduce((n, k) => n + k, 0), byRule };
}

function gateSummary(on: boolean, proposals: Proposals): OptimizeReport['honestyGate'] {
  return { on, ...refusalCounts(proposals, (rule) => !BUDGET_RULES.includes(rule)) };
}

function budgetSummary(settings: OpenedSearch['settings'], result: EngineResult, proposals: Proposals): Pick<OptimizeReport, 'tokenBudget'> {
  const budget = tokenBudgetOf(settings);
  if (budget === undefined) return {};
  const { rejected, byRule } = refusalCounts(proposals, (rule) => BUDGET_RULES.includes(rule));
  return { tokenBudget: { tool: budget.tool ?? null, catalogue: budget.catalogue ?? null, bestWithin: result.bestAdmissible, refused: rejected, byRule } };
}

function summarize(c: Candidate, held: HeldOutResults['seed'], val: readonly TaskResult<unknown>[]): CandidateSummary {
  const scoresOf = (results: HeldOutResults['seed']['test']) => (results === null ? null : splitScores(results));
  return {
    candidate: c.id,
    // the search's own means, so the report shows the scores the search chose by; the count from its results
    val: { score: c.valMean, success: wilson(successCount(val), Object.keys(c.valScores).length), ...shareScores((name) => c.valMetrics[name] ?? 0) },
    test: scoresOf(held.test),
    paraphrase: scoresOf(held.paraphrase),
    tokens: countDescriptionTokens({ ...c.texts }),
    descriptions: { ...c.texts },
  };
}
