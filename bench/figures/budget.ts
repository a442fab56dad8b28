// Description length as an objective (docs/optimizer.md): one search of a captured third-party catalogue under a
// per-tool token budget below the seed's longest descriptions, and one that weighs tokens beside the score.
import { counted } from '../../src/index.ts';
import { countDescriptionTokens } from '../../traces/index.ts';
import { pct, pts, secs, tdoJson } from './tdo.ts';

type Split = { success_rate: number; success_low: number; success_high: number; tasks: number };
type Candidate = { tokens: number; test: Split; descriptions: Record<string, string> };
type Optimize = {
  version_id: string;
  budget_used: number;
  proposals: { made: number; accepted: number };
  token_budget?: { tool: number | null; within: boolean; refused: number };
  success_change: { test?: { delta: number; low: number; high: number } };
  seed: Candidate;
  best: Candidate;
};

/** The suite: @modelcontextprotocol/server-filesystem's captured descriptions, three of them over 75 tokens. */
const SEARCH = ['optimize', '--target', 'success', '--suite', 'filesystem-edit-selection', '--budget', '150'];
export const TOOL_BUDGET = 75;

const success = (s: Split) => `${pct(s.success_rate)} [${pct(s.success_low)}, ${pct(s.success_high)}]`;

/** The longest description's tokens, counted as the report counts them. */
const longest = (c: Candidate) => Math.max(...Object.entries(c.descriptions).map(([tool, text]) => countDescriptionTokens({ [tool]: text })));

function row(label: string, r: Optimize, seconds: number): string {
  const change = r.success_change.test;
  const delta = change === undefined ? '–' : `${pts(change.delta)} [${pts(change.low)}, ${pts(change.high)}]`;
  return (
    `| ${label} | ${r.seed.tokens} -> ${r.best.tokens} | ${longest(r.seed)} -> ${longest(r.best)} | ${success(r.seed.test)} | ${success(r.best.test)} | ` +
    `${delta} | ${r.proposals.accepted}/${r.proposals.made} | ${r.budget_used} | ${secs(seconds)} |`
  );
}

export async function tokenBudget(): Promise<string> {
  const { value: budgeted, seconds: s1 } = await tdoJson<Optimize>([...SEARCH, '--tool-token-budget', String(TOOL_BUDGET)], 'budget.db');
  const { value: pareto, seconds: s2 } = await tdoJson<Optimize>([...SEARCH, '--pareto-tokens'], 'pareto-tokens.db');
  const within = budgeted.token_budget?.within === true ? 'within the budget' : 'not within the budget (no candidate within it was found)';
  return [
    '| search | tokens (seed -> best) | longest description (tokens) | test success, seed [95% CI] | best | change [95% CI] | accepted | metric calls | time |',
    '|---|---|---|---|---|---|---|---|---|',
    row(`\`--tool-token-budget ${TOOL_BUDGET}\``, budgeted, s1),
    row('`--pareto-tokens`', pareto, s2),
    '',
    `Under the budget the winner ${budgeted.version_id} is ${within}; the gate refused ${counted(budgeted.token_budget?.refused ?? 0, 'proposed description')} for going over it.`,
  ].join('\n');
}
