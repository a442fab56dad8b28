// What a proposer reads beside the reflective dataset: the server's input schemas (a proposer can say what a
// tool takes when the trajectories hold little about it), the catalogue's nearest tools of other servers, the
// honesty gate's rules in plain words and its refusals of this tool's earlier proposals. The engine knows
// nothing of MCP, so all of it rides on the request from here rather than through the engine.
import { terms } from '../../src/index.ts';
import type { TraceStore } from '../../traces/index.ts';
import type { ProposalRequest, Proposer } from '../engine/types.ts';
import { mutationProposals } from './journal.ts';
import type { ToolReflectionRecord } from '../adapter/reflection.ts';
import { toolAllowance, toolTokens, type TokenBudget } from './token-budget.ts';

/** How long the new description may or should be, when the search weighs length. */
export interface LengthGoal {
  /** the most tokens the description may take (the tool budget, or what the catalogue budget leaves it); absent without a budget */
  maxTokens?: number;
  /** the current description's tokens */
  currentTokens: number;
  /** fewer tokens at the same score is better (`--pareto-tokens`) */
  shorter: boolean;
}

/** A tool of another server the agent also sees, which the rewritten tool competes with. */
export interface Competitor {
  server: string;
  name: string;
  description: string;
}

/** A proposal of this tool the gate refused earlier in the search, and the rule it named. */
export interface EarlierRefusal {
  iteration: number;
  text: string;
  rule: string;
}

export interface ToolProposalRequest extends ProposalRequest<ToolReflectionRecord> {
  /** tool -> its input schema as tools/list gave it (untrusted: a proposer parses what it reads) */
  inputSchemas?: Readonly<Record<string, unknown>>;
  /** the nearest tools of other servers, nearest first, at most MAX_COMPETITORS */
  competitors?: readonly Competitor[];
  /** rule -> what it refuses, in plain words; only when the honesty gate is on */
  gateRules?: Readonly<Record<string, string>>;
  /** the gate's refusals of this tool's proposals, latest last, at most MAX_EARLIER_REFUSALS */
  earlierRefusals?: readonly EarlierRefusal[];
  /** only when the search has a token budget or weighs tokens */
  lengthGoal?: LengthGoal;
}

/** Enough rivals to show what the agent confuses the tool with, without listing a large catalogue. */
export const MAX_COMPETITORS = 5;
/** The latest refusals say what to avoid; older ones repeat them. */
export const MAX_EARLIER_REFUSALS = 3;

export interface ProposalContext {
  inputSchemas: Readonly<Record<string, unknown>>;
  /** every tool of the other servers in the catalogue */
  otherTools: readonly Competitor[];
  gateRules?: Readonly<Record<string, string>>;
  /** the search's run, whose judged proposals hold the gate's refusals */
  refusals?: { store: Pick<TraceStore, 'listProposals'>; runId: string };
  tokenBudget?: TokenBudget;
  /** `--pareto-tokens`: an equal score with fewer tokens is better */
  preferShorter?: boolean;
}

/** The proposer, given the context with every request. */
export function withProposalContext(proposer: Proposer<ToolReflectionRecord>, context: ProposalContext): Proposer<ToolReflectionRecord> {
  return {
    id: proposer.id,
    propose(request) {
      const text = request.texts[request.component] ?? '';
      const refusals = context.refusals && earlierRefusals(context.refusals.store, context.refusals.runId, request.component);
      const withContext: ToolProposalRequest = {
        ...request,
        inputSchemas: context.inputSchemas,
        competitors: nearestCompetitors(`${request.component} ${text}`, context.otherTools),
        ...(context.gateRules === undefined ? {} : { gateRules: context.gateRules }),
        ...(refusals === undefined || refusals.length === 0 ? {} : { earlierRefusals: refusals }),
        ...lengthGoalOf(context, request.texts, request.component),
      };
      return proposer.propose(withContext);
    },
  };
}

function lengthGoalOf(context: ProposalContext, texts: ProposalRequest<unknown>['texts'], tool: string): { lengthGoal?: LengthGoal } {
  const shorter = context.preferShorter === true;
  const maxTokens = toolAllowance(context.tokenBudget, texts, tool);
  if (maxTokens === undefined && !shorter) return {};
  return { lengthGoal: { ...(maxTokens === undefined ? {} : { maxTokens }), currentTokens: toolTokens(texts[tool] ?? ''), shorter } };
}

/** The tools sharing the most terms with the tool's name and description (none that share no term), nearest first. */
export function nearestCompetitors(tool: string, others: readonly Competitor[], limit = MAX_COMPETITORS): Competitor[] {
  const mine = new Set(terms(tool));
  return others
    .map((other, index) => ({ other, index, shared: new Set(terms(`${other.name} ${other.description}`).filter((t) => mine.has(t))).size }))
    .filter((c) => c.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, limit)
    .map((c) => c.other);
}

/** The gate's refusals of `component` in the run's judged proposals, with the text each refused proposal held. */
export function earlierRefusals(store: Pick<TraceStore, 'listProposals'>, runId: string, component: string): EarlierRefusal[] {
  const found: EarlierRefusal[] = [];
  for (const p of store.listProposals(runId)) {
    const refusal = p.gateRefusals?.find((r) => r.component === component);
    const proposed = mutationProposals(p)?.[component];
    if (refusal !== undefined && proposed?.ok === true) found.push({ iteration: p.iteration, text: proposed.text, rule: refusal.rule });
  }
  return found.slice(-MAX_EARLIER_REFUSALS);
}
