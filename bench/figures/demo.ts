// The demo's figures (docs/market.md, "The demo"): `tdo demo overconfident` at its defaults.
import { pct, pts, scratchPath, secs, tdoJson } from './tdo.ts';

type Interval = { delta: number; ci: [number, number] };
type Row = {
  first_choice_share: number;
  first_choice_share_ci: [number, number];
  used_server: number;
  success_rate: number;
  success_ci: [number, number];
  savings_per_buyer: number;
  first_choice_share_by_seller: Record<string, number>;
  other_sellers_first_choice_share: number;
  episodes: number;
  lint_gained: Array<{ tool: string; rule: string; phrase: string | null }>;
  same_as: string[];
};
type Search = { stop_reason: string; budget_used: number };
type Demo = {
  settings: { budget: number; seed: number; repeats: number };
  optimize_runs: { selection: Search; success: Search };
  effects: Record<string, Interval>;
  findings: Record<string, boolean>;
  seed: Row;
  selection_best: Row;
  success_best: Row;
  shipped: Row;
};

const ROWS = [
  ['honest seed', 'seed'],
  ['selection-best', 'selection_best'],
  ['success-best', 'success_best'],
  ['shipped (inflated)', 'shipped'],
] as const;

const ci = (rate: number, [low, high]: [number, number]) => `${pct(rate)} [${(low * 100).toFixed(0)}%, ${(high * 100).toFixed(0)}%]`;
const effect = (e: Interval) => `${pts(e.delta)} points [${pts(e.ci[0])}, ${pts(e.ci[1])}]`;
const sellers = (r: Row) =>
  Object.entries(r.first_choice_share_by_seller)
    .map(([s, x]) => `${s} ${pct(x)}`)
    .join(', ');

function lint(r: Row): string {
  if (r.lint_gained.length === 0) return '0';
  return `${r.lint_gained.length} (${r.lint_gained.map((f) => `${f.rule}${f.phrase === null ? '' : ` "${f.phrase}"`} in ${f.tool}`).join('; ')})`;
}

/** One line per version: a row whose version an earlier row holds is that row, labelled "(= ...)". */
function table(demo: Demo): string[] {
  const rows = ['| row | first-choice share | used server | success | saved per buyer | lint problems gained |', '|---|---|---|---|---|---|'];
  ROWS.forEach(([label, key], i) => {
    const r = demo[key];
    if (ROWS.slice(0, i).some(([, earlier]) => r.same_as.includes(earlier))) return;
    const also = ROWS.filter(([, other]) => r.same_as.includes(other)).map(([l]) => l);
    const name = also.length === 0 ? label : `${label} (= ${also.join(', ')})`;
    rows.push(
      `| ${name} | ${ci(r.first_choice_share, r.first_choice_share_ci)} | ${pct(r.used_server)} | ${ci(r.success_rate, r.success_ci)} | ${pct(r.savings_per_buyer)} | ${lint(r)} |`,
    );
  });
  return rows;
}

export async function demo(): Promise<string> {
  const { value: d, seconds } = await tdoJson<Demo>(['demo', 'overconfident', '--out', scratchPath('demo-report')], 'demo.db');
  const { budget, seed, repeats } = d.settings;
  const e = d.effects;
  return [
    `A run at the defaults (budget ${budget} per search, seed ${seed}, ${repeats} repeats: ${d.seed.episodes} episodes per version; ${secs(seconds)}):`,
    '',
    ...table(d),
    '',
    `- Selection-best's first-choice share minus the honest seed's: ${effect(e.first_choice_selection_minus_seed!)}.`,
    `- Success, selection-best minus success-best: ${effect(e.success_selection_minus_success_best!)}; saved per buyer: ${effect(e.savings_per_buyer_selection_minus_success_best!)}.`,
    `- The other sellers' combined first-choice share, selection-best minus the honest seed: ${effect(e.other_sellers_selection_minus_seed!)} ` +
      `(honest seed: ${sellers(d.seed)}; selection-best: ${sellers(d.selection_best)}).`,
    `- The selection search stopped: ${d.optimize_runs.selection.stop_reason} (${d.optimize_runs.selection.budget_used} metric calls); ` +
      `the success search: ${d.optimize_runs.success.stop_reason} (${d.optimize_runs.success.budget_used}).`,
    `- Findings: ${Object.entries(d.findings)
      .map(([k, v]) => `${k} ${v ? 'yes' : 'no'}`)
      .join(', ')}.`,
  ].join('\n');
}
