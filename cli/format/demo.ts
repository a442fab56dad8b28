// The single-agent demo's output: the text report and the JSON (snake_case keys), and the pieces of both that the
// demo across agents (demo-agents.ts) prints per agent.
import Table from 'cli-table3';
import {
  ROLE_LABELS,
  type DemoEffects,
  type DemoReport,
  type DemoRole,
  type DemoRow,
  renderDiff,
  versionDiffJson,
  changeWithInterval,
  interval as rateWithInterval,
  percent,
  share,
  tableStyle,
} from '../../experiments/index.ts';
import { counted, type Proportion } from '../../src/index.ts';

export const interval = (d: { delta: number; low: number; high: number }) => ({ delta: d.delta, ci: [d.low, d.high] });

/** One row's figures, as every demo JSON names them. */
export const figures = (r: DemoRow) => ({
  version_id: r.versionId,
  label: ROLE_LABELS[r.role],
  same_as: r.sameAs.map(jsonRole),
  success_rate: r.success.rate,
  success_ci: [r.success.low, r.success.high],
  // mega-depot's, over the test episodes
  first_choice_share: r.firstChoiceShare.rate,
  first_choice_share_ci: [r.firstChoiceShare.low, r.firstChoiceShare.high],
  used_server: r.usedServer.rate,
  used_server_ci: [r.usedServer.low, r.usedServer.high],
  first_choice_share_by_seller: Object.fromEntries(Object.entries(r.sellers).map(([s, p]) => [s, p.rate])),
  other_sellers_first_choice_share: r.otherSellers.rate,
  other_sellers_first_choice_share_ci: [r.otherSellers.low, r.otherSellers.high],
  savings_per_buyer: r.savings.perBuyer,
  savings_per_buyer_ci: [r.savings.low, r.savings.high],
  deals: r.savings.deals,
  savings_per_deal: r.savings.perDeal,
  episodes: r.success.n,
  lint_gained: r.lintGained,
  tokens: r.tokens,
});

/** The effects of one agent's rows, as every demo JSON names them. */
export function effectsJson(e: DemoEffects) {
  return {
    first_choice_selection_minus_seed: interval(e.firstChoice),
    other_sellers_selection_minus_seed: interval(e.otherSellers),
    success_selection_minus_success_best: interval(e.success),
    savings_per_buyer_selection_minus_success_best: interval(e.savings),
  };
}

export function demoJson(report: DemoReport, html: string) {
  return {
    server: report.server,
    agent: report.experiment.agent.id,
    simulated: report.experiment.agent.simulated,
    settings: report.settings,
    honest_seed_file: report.honestSeedFile,
    shipped_file: report.shippedFile,
    optimize_runs: report.optimizeRuns,
    /** where the store keeps its experiment (`tdo view`: /experiments/ID) */
    experiment_id: report.experiment.id,
    ...Object.fromEntries(report.rows.map((r) => [jsonRole(r.role), figures(r)])),
    effects: effectsJson(report.effects),
    findings: report.findings,
    diffs: report.experiment.diffs.map(versionDiffJson),
    report_html: html,
  };
}

export function jsonRole(role: DemoRole): string {
  return role.replace('-', '_');
}

export const ci = (p: Proportion) => rateWithInterval(p, 0);
export const change = changeWithInterval;

/** The row's role, with the roles its version also holds ("honest seed (= success-best)"). */
export function rowLabel(r: DemoRow): string {
  return r.sameAs.length === 0 ? ROLE_LABELS[r.role] : `${ROLE_LABELS[r.role]} (= ${r.sameAs.map((s) => ROLE_LABELS[s]).join(', ')})`;
}

export function renderDemo(report: DemoReport, agent: string, html: string): string {
  const style = tableStyle();
  const color = Object.keys(style).length === 0;
  const table = new Table({
    style,
    head: ['description', 'version', 'first-choice share [95% CI]', 'used server', 'success [95% CI]', 'saved per buyer', 'lint gained', 'tokens'],
  });
  for (const r of report.rows) {
    table.push([
      rowLabel(r),
      r.versionId,
      ci(r.firstChoiceShare),
      share(r.usedServer),
      ci(r.success),
      percent(r.savings.perBuyer),
      r.lintGained.length,
      r.tokens,
    ]);
  }
  const sellers = [report.server, ...report.otherSellers];
  const shares = new Table({ style, head: ['first-choice share', ...report.rows.map((r) => ROLE_LABELS[r.role])] });
  for (const s of sellers) shares.push([s, ...report.rows.map((r) => (r.sellers[s] === undefined ? '–' : share(r.sellers[s])))]);
  shares.push(['other sellers', ...report.rows.map((r) => share(r.otherSellers))]);
  const diffs = report.experiment.diffs.map((d) => renderDiff(d, 'text', { color })).join('\n');
  const f = report.findings;
  const e = report.effects;
  const row = (role: DemoRole) => report.rows.find((r) => r.role === role)!;
  const gained = (role: DemoRole) => {
    const flags = row(role).lintGained;
    return flags.length === 0
      ? 'no lint problem gained'
      : `${counted(flags.length, 'lint problem')} gained (${[...new Set(flags.map((g) => g.rule))].join(', ')})`;
  };
  const yes = (ok: boolean, text: string) => `${ok ? 'yes' : 'NO '}  ${text}`;
  const episodes = row('seed').success.n;
  return [
    `The overconfident contractor: ${report.server}, from an honest description, optimized for selection and for success`,
    `(agent ${agent}; budget ${report.settings.budget} per search, seed ${report.settings.seed}; test split, ${counted(report.settings.repeats, 'repeat')}: ${episodes} episodes per version)`,
    `honest seed: ${report.honestSeedFile}; shipped: ${report.shippedFile}`,
    ...(['selection', 'success'] as const).map((t) => searchLine(t, report)),
    '',
    diffs,
    table.toString(),
    shares.toString(),
    `first-choice share: the share of the buyers' first choices (before any fallback) that went to a seller; used server: the share of buyers that called ${report.server} at all`,
    yes(f.selectionChosenMore, `selection-best gets a larger first-choice share than the honest seed: ${change(e.firstChoice)}`),
    yes(f.selectionInflates, `selection-best inflates: ${gained('selection-best')} against the honest seed`),
    yes(f.selectionSucceedsLess, `its buyers succeed less than success-best's: ${change(e.success)}`),
    yes(f.selectionSavesLess, `and save less: ${change(e.savings)} of the limit per buyer`),
    yes(f.takesShareFromOthers, `it takes first choices from the other sellers: ${change(e.otherSellers)}`),
    yes(f.successStaysHonest, `success-best stays honest: ${gained('success-best')}`),
    `report: ${html}`,
    '',
  ].join('\n');
}

/** One search in a line: its winner, what it tried, why it stopped, and the honesty gate (lint problems a candidate gains refuse it unrun). */
export function searchLine(target: 'selection' | 'success', report: Pick<DemoReport, 'optimizeRuns'>): string {
  const run = report.optimizeRuns[target];
  const winner = run.versionId === run.seedVersionId ? 'kept the honest seed' : `saved ${run.versionId}`;
  const gate = run.honestyGate.on ? `gate on, ${run.honestyGate.rejected} refused` : 'gate off';
  return `${target} search ${run.runId}: ${winner}; ${run.proposals.made} proposed, ${run.proposals.accepted} accepted; ${run.budgetUsed} calls, stopped: ${run.stopReason}; ${gate}`;
}
