// Description length as a constraint of the search: a budget of o200k_base tokens per tool and for the
// server's descriptions together (`--tool-token-budget`, `--catalogue-token-budget`), counted as the optimize
// report counts `tokens` (traces/versions.ts). The gate refuses any proposed description that leaves its
// candidate over a budget, even one that shortens an over-budget tool without reaching the budget; only a
// candidate within every budget can win.
import { countDescriptionTokens } from '../../traces/index.ts';
import type { CostOf } from '../engine/pareto.ts';
import type { ComponentChooser } from '../engine/strategies.ts';
import type { CandidateGate, GateVerdict, Texts } from '../engine/types.ts';
import type { OptimizeSettings } from './settings.ts';

export interface TokenBudget {
  /** no tool's description may take more tokens than this */
  tool?: number;
  /** the server's descriptions together may take no more tokens than this */
  catalogue?: number;
}

/** The gate rules a budget refuses under, as the proposal outcomes and the report name them. */
export const TOOL_BUDGET_RULE = 'tool-token-budget';
export const CATALOGUE_BUDGET_RULE = 'catalogue-token-budget';
export const BUDGET_RULES: readonly string[] = [TOOL_BUDGET_RULE, CATALOGUE_BUDGET_RULE];

/** The search's budget, or undefined when it has none. */
export function tokenBudgetOf(settings: Pick<OptimizeSettings, 'toolTokenBudget' | 'catalogueTokenBudget'>): TokenBudget | undefined {
  const { toolTokenBudget: tool, catalogueTokenBudget: catalogue } = settings;
  if (tool === undefined && catalogue === undefined) return undefined;
  return { ...(tool === undefined ? {} : { tool }), ...(catalogue === undefined ? {} : { catalogue }) };
}

const textTokens = new Map<string, number>();
/** A search meets a few thousand texts at most; past this the cache starts again rather than grow. */
const MAX_CACHED_TEXTS = 10_000;

/** One description's tokens, counted once per text: the search compares the same texts many times. */
export function toolTokens(text: string): number {
  let tokens = textTokens.get(text);
  if (tokens === undefined) {
    if (textTokens.size >= MAX_CACHED_TEXTS) textTokens.clear();
    textTokens.set(text, (tokens = countDescriptionTokens({ text })));
  }
  return tokens;
}

/** Every description's tokens, added up (countDescriptionTokens, one text at a time). */
export const catalogueTokens: CostOf = (texts) => Object.values(texts).reduce((n, text) => n + toolTokens(text), 0);

/** The rule `texts` break, judging only the tools in `judged` against the tool budget; undefined when within it. */
function brokenRule(budget: TokenBudget, texts: Texts, judged: readonly string[]): GateVerdict | undefined {
  if (budget.tool !== undefined && judged.some((tool) => toolTokens(texts[tool] ?? '') > budget.tool!)) return { rule: TOOL_BUDGET_RULE };
  if (budget.catalogue !== undefined && catalogueTokens(texts) > budget.catalogue) return { rule: CATALOGUE_BUDGET_RULE };
  return undefined;
}

/** Refuses a proposed description that is over the tool budget, or that leaves the descriptions over the catalogue's. */
export function budgetGate<Trace>(budget: TokenBudget): CandidateGate<Trace> {
  return (parent, child) =>
    brokenRule(
      budget,
      child,
      Object.keys(child).filter((tool) => child[tool] !== parent[tool]),
    );
}

/** Whether every description is within the tool budget and all of them within the catalogue's. */
export function withinBudget(budget: TokenBudget): (texts: Texts) => boolean {
  return (texts) => brokenRule(budget, texts, Object.keys(texts)) === undefined;
}

/** The most tokens `tool`'s description may take with the other descriptions as they are; undefined without a budget. */
export function toolAllowance(budget: TokenBudget | undefined, texts: Texts, tool: string): number | undefined {
  if (budget === undefined) return undefined;
  const others = catalogueTokens(texts) - toolTokens(texts[tool] ?? '');
  const limits = [budget.tool, budget.catalogue === undefined ? undefined : budget.catalogue - others].filter((n) => n !== undefined);
  return limits.length === 0 ? undefined : Math.max(0, Math.min(...limits));
}

/** Tokens over the budget: each tool's over the tool budget, and the descriptions' over the catalogue's. */
export function budgetExcess(budget: TokenBudget): CostOf {
  return (texts) => {
    const tools = budget.tool === undefined ? 0 : Object.values(texts).reduce((n, text) => n + Math.max(0, toolTokens(text) - budget.tool!), 0);
    return tools + (budget.catalogue === undefined ? 0 : Math.max(0, catalogueTokens(texts) - budget.catalogue));
  };
}

/** Weighs a token over the budget above any number of tokens within it: a catalogue never nears this many. */
const EXCESS_WEIGHT = 1e7;

/**
 * What the search minimizes beside the score: the tokens over the budget (so a child as good as its over-budget
 * parent and nearer the budget is kept), then with `--pareto-tokens` the tokens themselves; undefined for neither.
 */
export function lengthCost(budget: TokenBudget | undefined, paretoTokens: boolean): CostOf | undefined {
  const excess = budget === undefined ? undefined : budgetExcess(budget);
  if (excess === undefined) return paretoTokens ? catalogueTokens : undefined;
  return paretoTokens ? (texts) => EXCESS_WEIGHT * excess(texts) + catalogueTokens(texts) : excess;
}

/**
 * The tools over the tool budget first, while the parent has any (a candidate wins only once every tool is
 * within it, and the proposer shortens only the tool it rewrites); otherwise the chooser's own choice.
 */
export function overBudgetFirst(chooser: ComponentChooser, budget: TokenBudget | undefined): ComponentChooser {
  if (budget?.tool === undefined) return chooser;
  const limit = budget.tool;
  return {
    name: chooser.name,
    choose(parent, components, blame) {
      const over = components.filter((c) => toolTokens(parent.texts[c] ?? '') > limit);
      return over.length > 0 ? over : chooser.choose(parent, components, blame);
    },
  };
}
