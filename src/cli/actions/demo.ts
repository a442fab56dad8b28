import { join } from 'node:path';
import Table from 'cli-table3';
import { loadSuite } from '../../suite/load.ts';
import { ROLE_LABELS, runOverconfidentDemo, type DemoReport, type DemoRole, type DemoRow } from '../../../experiments/demo/overconfident.ts';
import { OptimizeError } from '../../../optimizer/mcp/optimize.ts';
import { writeExperimentReports } from '../../../experiments/experiment/write-reports.ts';
import { renderDiff } from '../../../experiments/review/render-diff.ts';
import { percent, points, tableStyle } from '../../../experiments/format.ts';
import { agentSelection, createAgent, describeAgent } from '../agents.ts';
import { UsageError } from '../errors.ts';
import { createProposer } from '../proposers.ts';
import { loadCliConfig } from '../config.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { openStoreForWriting } from '../store.ts';
import { interruptSignal } from '../interrupt.ts';
import { startProgress, startSearchProgress } from '../progress.ts';
import type { DemoFlags } from '../commands/demo.ts';
import { openEpisodeQueue } from '../queue.ts';

export async function demoCommand(name: string, flags: DemoFlags): Promise<void> {
  if (name !== 'overconfident') throw new UsageError(`unknown demo "${name}"; the one demo is: overconfident`);
  if (flags.proposer === 'sim' && flags.proposerModel !== undefined) throw new UsageError('--proposer-model applies to --proposer llm only');
  const store = openStoreForWriting(flags.db);
  const interrupt = interruptSignal('stopping: finishing episodes in flight; everything so far is saved');
  const search = startSearchProgress();
  const episodes = startProgress();
  let queue: Awaited<ReturnType<typeof openEpisodeQueue>> | undefined;
  try {
    // one limiter for the agent and every proposer of the demo: they draw on the same account
    const rateLimiter = modelRateLimiter(flags, loadCliConfig());
    const agentConfig = { ...agentSelection(flags.agent), ...(flags.model === undefined ? {} : { model: flags.model }) };
    const agent = createAgent(agentConfig, store, { reuseCache: flags.cache, rateLimiter });
    const proposerModel = flags.proposerModel ?? flags.model;
    const proposerConfig = { kind: flags.proposer, ...(flags.proposer === 'llm' && proposerModel !== undefined ? { model: proposerModel } : {}) };
    const proposer = () => createProposer(proposerConfig, store, { reuseCache: flags.cache, rateLimiter });
    proposer(); // fail on a bad proposer setting before any episode runs
    // Before any run is created: an unreachable queue leaves nothing behind.
    queue = flags.queue === undefined ? undefined : await openEpisodeQueue(flags.queue);
    const report = await runOverconfidentDemo({
      store,
      market: loadSuite('market'),
      agent,
      proposer,
      settings: { budget: flags.budget, seed: flags.seed, repeats: flags.repeat, concurrency: flags.concurrency },
      ...(queue === undefined ? {} : { queue: { executor: queue.executor, agentConfig: { ...agentConfig } } }),
      signal: interrupt.signal,
      onPhase: (phase) => {
        search.stop();
        process.stderr.write(`demo: ${phase}\n`);
      },
      onSearchProgress: (p) => search.update(p),
      onRunStart: ({ version, total, split }) => {
        search.stop();
        episodes.stop();
        if (process.stderr.isTTY) process.stderr.write(`  ${version}${split === 'test' ? '' : ` (${split})`}\n`);
        episodes.start(total, 0);
      },
      onEpisode: (e) => episodes.tick(e),
    }).catch((err: unknown) => {
      throw err instanceof OptimizeError ? new UsageError(err.message) : err;
    });
    const written = writeExperimentReports(
      report.experiment,
      flags.out ?? join('reports', `demo-overconfident-${report.experiment.createdAt.replace(/[:.]/g, '-')}`),
    );
    process.stdout.write(flags.json ? `${JSON.stringify(demoJson(report, written.html))}\n` : renderDemo(report, describeAgent(agent.id), written.html));
  } finally {
    search.stop();
    episodes.stop();
    interrupt.release();
    await queue?.close();
    store.close();
  }
}

function demoJson(report: DemoReport, html: string) {
  const interval = (d: { delta: number; low: number; high: number }) => ({ delta: d.delta, ci: [d.low, d.high] });
  const figures = (r: DemoRow) => ({
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
  return {
    server: report.server,
    agent: report.experiment.agent.id,
    simulated: report.experiment.agent.simulated,
    settings: report.settings,
    honest_seed_file: report.honestSeedFile,
    shipped_file: report.shippedFile,
    optimize_runs: { selection: report.optimizeRuns.selection, success: report.optimizeRuns.success },
    ...Object.fromEntries(report.rows.map((r) => [jsonRole(r.role), figures(r)])),
    effects: {
      first_choice_selection_minus_seed: interval(report.effects.firstChoice),
      other_sellers_selection_minus_seed: interval(report.effects.otherSellers),
      success_selection_minus_success_best: interval(report.effects.success),
      savings_per_buyer_selection_minus_success_best: interval(report.effects.savings),
    },
    findings: report.findings,
    diffs: report.experiment.diffs,
    report_html: html,
  };
}

function jsonRole(role: DemoRole): string {
  return role.replace('-', '_');
}

const ci = (p: { rate: number; low: number; high: number }) => `${percent(p.rate)} [${percent(p.low, 0)}, ${percent(p.high, 0)}]`;
const change = (d: { delta: number; low: number; high: number }) => `${points(d.delta)} [${points(d.low)}, ${points(d.high)}]`;

function renderDemo(report: DemoReport, agent: string, html: string): string {
  const style = tableStyle();
  const color = Object.keys(style).length === 0;
  const table = new Table({
    style,
    head: ['description', 'version', 'first-choice share [95% CI]', 'used server', 'success [95% CI]', 'saved per buyer', 'lint gained', 'tokens'],
  });
  for (const r of report.rows) {
    const label = r.sameAs.length === 0 ? ROLE_LABELS[r.role] : `${ROLE_LABELS[r.role]} (= ${r.sameAs.map((s) => ROLE_LABELS[s]).join(', ')})`;
    table.push([
      label,
      r.versionId,
      ci(r.firstChoiceShare),
      percent(r.usedServer.rate),
      ci(r.success),
      percent(r.savings.perBuyer),
      r.lintGained.length,
      r.tokens,
    ]);
  }
  const sellers = [report.server, ...report.otherSellers];
  const shares = new Table({ style, head: ['first-choice share', ...report.rows.map((r) => ROLE_LABELS[r.role])] });
  for (const s of sellers) shares.push([s, ...report.rows.map((r) => percent(r.sellers[s]?.rate ?? 0))]);
  shares.push(['other sellers', ...report.rows.map((r) => percent(r.otherSellers.rate))]);
  const diffs = report.experiment.diffs.map((d) => renderDiff(d, 'text', { color })).join('\n');
  const f = report.findings;
  const e = report.effects;
  const row = (role: DemoRole) => report.rows.find((r) => r.role === role)!;
  const gained = (role: DemoRole) => {
    const flags = row(role).lintGained;
    return flags.length === 0 ? 'no lint problem gained' : `${flags.length} lint problem(s) gained (${[...new Set(flags.map((g) => g.rule))].join(', ')})`;
  };
  const yes = (ok: boolean, text: string) => `${ok ? 'yes' : 'NO '}  ${text}`;
  const episodes = row('seed').success.n;
  return [
    `The overconfident contractor: ${report.server}, from an honest description, optimized for selection and for success`,
    `(agent ${agent}; budget ${report.settings.budget} per search, seed ${report.settings.seed}; test split, ${report.settings.repeats} repeat(s): ${episodes} episodes per version)`,
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
function searchLine(target: 'selection' | 'success', report: DemoReport): string {
  const run = report.optimizeRuns[target];
  const winner = run.versionId === run.seedVersionId ? 'kept the honest seed' : `saved ${run.versionId}`;
  const gate = run.honestyGate.on ? `gate on, ${run.honestyGate.rejected} refused` : 'gate off';
  return `${target} search ${run.runId}: ${winner}; ${run.proposals.made} proposed, ${run.proposals.accepted} accepted; ${run.budgetUsed} calls, stopped: ${run.stopReason}; ${gate}`;
}
