// The engine's config for an optimize search, from its settings: the (task, agent) instances, the objective
// over agents, the proposer that replays a resumed run's proposals, the gate, the stop conditions.
import { DEFAULT_MERGE, type EngineConfig } from '../engine/engine.ts';
import { meanOfGroups, worstGroup } from '../engine/objective.ts';
import { bestSelector, paretoSelectorOver } from '../engine/pareto.ts';
import { patience, stopFile, type StopCondition } from '../engine/stoppers.ts';
import { failureAttribution, roundRobin } from '../engine/strategies.ts';
import type { CandidateGate, Evaluator } from '../engine/types.ts';
import { replayingProposer, storeJournal } from './journal.ts';
import type { OpenedSearch } from './open-search.ts';
import { resumeOf, type HonestyGate, type OptimizeRequest, type SearchPlan } from './optimize-request.ts';
import { withProposalContext, type ProposalContext } from './proposal-context.ts';
import { proposerOutagesStopSearch } from './proposer-outages.ts';
import { ToolReflector, type ToolReflectionRecord } from '../adapter/reflection.ts';
import type { ScoredEpisode } from '../adapter/targets.ts';
import { budgetGate, lengthCost, overBudgetFirst, tokenBudgetOf, withinBudget, type TokenBudget } from './token-budget.ts';

type SearchConfig = EngineConfig<ScoredEpisode, ToolReflectionRecord>;

export function searchConfig(req: OptimizeRequest, plan: SearchPlan, opened: OpenedSearch, evaluator: Evaluator<ScoredEpisode>): SearchConfig {
  const { settings, run, seedResults } = opened;
  const { instances, splits } = plan;
  const budget = tokenBudgetOf(settings);
  const cost = lengthCost(budget, settings.paretoTokens === true);
  const gate = searchGate(req, settings, budget);
  return {
    seedTexts: opened.seedTexts,
    trainTaskIds: instances.of(splits.train),
    valTaskIds: instances.of(splits.val),
    // a task's pairs are drawn together, so a child is judged by every agent on the same tasks
    unitOf: instances.taskOf,
    ...(plan.agents.length > 1 ? { objective: settings.objective === 'worst' ? worstGroup(instances.agentOf) : meanOfGroups(instances.agentOf) } : {}),
    evaluator,
    reflector: new ToolReflector({ server: settings.server, target: plan.target, observed: settings.reflection }),
    proposer: proposerOutagesStopSearch(
      replayingProposer(withProposalContext(req.proposer, proposalContext(req, opened)), req.store, run.id, req.signal),
      run.id,
      resumeOf(req, run.id),
    ),
    budget: settings.budget,
    randomSeed: settings.randomSeed,
    ...(seedResults ? { seedResults } : {}),
    ...(gate === undefined ? {} : { gate }),
    ...(cost === undefined ? {} : { cost }),
    ...(budget === undefined ? {} : { admissible: withinBudget(budget) }),
    minibatchSize: settings.minibatch,
    parallelIterations: settings.parallelIterations ?? 1,
    // the cheapest candidates (nearest the budget, or shortest) are parents too, so shortening goes on from them
    selector: settings.selector === 'best' ? bestSelector : paretoSelectorOver(cost),
    components: overBudgetFirst(settings.componentChoice === 'round-robin' ? roundRobin() : failureAttribution(), budget),
    stops: stopsOf(settings, req.stopFile),
    ...(settings.merge ? { merge: DEFAULT_MERGE } : {}),
    journal: storeJournal(req.store, run.id),
    ...(req.onProgress ? { onProgress: req.onProgress } : {}),
  };
}

/** What the proposer reads beside the dataset; the gate's rules and refusals only when the gate is on. */
function proposalContext(req: OptimizeRequest, opened: OpenedSearch): ProposalContext {
  const gated = opened.settings.honestyGate === true;
  const budget = tokenBudgetOf(opened.settings);
  return {
    inputSchemas: opened.inputSchemas,
    otherTools: opened.otherTools,
    ...(gated && req.gateRules !== undefined ? { gateRules: req.gateRules } : {}),
    ...(gated || budget !== undefined ? { refusals: { store: req.store, runId: opened.run.id } } : {}),
    ...(budget === undefined ? {} : { tokenBudget: budget }),
    ...(opened.settings.paretoTokens === true ? { preferShorter: true } : {}),
  };
}

/** The token budget's gate, then the honesty gate when it is on: the first refusal is the verdict. */
function searchGate(req: OptimizeRequest, settings: OpenedSearch['settings'], budget: TokenBudget | undefined): CandidateGate<ScoredEpisode> | undefined {
  const gates = [
    ...(budget === undefined ? [] : [budgetGate<ScoredEpisode>(budget)]),
    ...(settings.honestyGate === true ? [engineGate(req.gate!, settings.server)] : []),
  ];
  if (gates.length === 0) return undefined;
  return (parent, child, context) => gates.reduce<ReturnType<CandidateGate<ScoredEpisode>>>((v, gate) => v ?? gate(parent, child, context), undefined);
}

function stopsOf(settings: OpenedSearch['settings'], file: string | undefined): StopCondition[] {
  return [...(settings.patience === undefined ? [] : [patience(settings.patience)]), ...(file === undefined ? [] : [stopFile(file)])];
}

/** The request's gate in the engine's terms: the server's successful outputs in the parent's trajectories are the context. */
function engineGate(gate: HonestyGate, server: string): CandidateGate<ScoredEpisode> {
  return (parent, child, { results }) =>
    gate(parent, child, { toolResults: results.flatMap((r) => r.trace.calls.filter((c) => c.server === server && !c.isError).map((c) => c.output)) });
}
