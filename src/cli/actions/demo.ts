import { join } from 'node:path';
import Table from 'cli-table3';
import { loadSuite } from '../../suite/load.ts';
import { runOverconfidentDemo, type DemoReport } from '../../../experiments/demo/overconfident.ts';
import { OptimizeError } from '../../../optimizer/mcp/optimize.ts';
import { writeExperimentReports } from '../../../experiments/experiment/write-reports.ts';
import { renderDiff } from '../../../experiments/review/render-diff.ts';
import { percent } from '../../../experiments/format.ts';
import { createAgent, describeAgent } from '../agents.ts';
import { UsageError } from '../errors.ts';
import { createProposer } from '../proposers.ts';
import { openStoreForWriting } from '../store.ts';
import { interruptSignal } from '../interrupt.ts';
import type { DemoFlags } from '../commands/demo.ts';

export async function demoCommand(name: string, flags: DemoFlags): Promise<void> {
  if (name !== 'overconfident') throw new UsageError(`unknown demo "${name}"; the one demo is: overconfident`);
  if (flags.proposer === 'sim' && flags.proposerModel !== undefined) throw new UsageError('--proposer-model applies to --proposer llm only');
  const store = openStoreForWriting(flags.db);
  const interrupt = interruptSignal('stopping: finishing episodes in flight; everything so far is saved');
  try {
    const agent = createAgent({ kind: flags.agent, ...(flags.model === undefined ? {} : { model: flags.model }) }, store, { reuseCache: flags.cache });
    const proposerModel = flags.proposerModel ?? flags.model;
    const proposerConfig = { kind: flags.proposer, ...(flags.proposer === 'llm' && proposerModel !== undefined ? { model: proposerModel } : {}) };
    const proposer = () => createProposer(proposerConfig, store, { reuseCache: flags.cache });
    proposer(); // fail on a bad proposer setting before any episode runs
    const report = await runOverconfidentDemo({
      store,
      market: loadSuite('market'),
      agent,
      proposer,
      settings: { budget: flags.budget, seed: flags.seed, repeats: flags.repeat, concurrency: flags.concurrency },
      signal: interrupt.signal,
      onPhase: (phase) => process.stderr.write(`demo: ${phase}\n`),
    }).catch((err: unknown) => {
      throw err instanceof OptimizeError ? new UsageError(err.message) : err;
    });
    const written = writeExperimentReports(report.experiment, flags.out ?? join('reports', `demo-overconfident-${report.experiment.createdAt.replace(/[:.]/g, '-')}`));
    process.stdout.write(flags.json ? `${JSON.stringify(demoJson(report, written.html))}\n` : renderDemo(report, describeAgent(agent.id), written.html));
  } finally {
    interrupt.release();
    store.close();
  }
}

function demoJson(report: DemoReport, html: string) {
  const rate = (r: DemoReport['rows'][number]) => ({
    version_id: r.versionId,
    success_rate: r.success.rate,
    success_ci: [r.success.low, r.success.high],
    selection_rate: r.firstChoice,
    called_at_all_rate: r.selection.rate,
    tokens: r.tokens,
  });
  return {
    server: report.server,
    agent: report.experiment.agent.id,
    simulated: report.experiment.agent.simulated,
    settings: report.settings,
    optimize_runs: { selection: report.optimizeRuns.selection, success: report.optimizeRuns.success },
    ...Object.fromEntries(report.rows.map((r) => [r.role.replace('-', '_'), rate(r)])),
    findings: report.findings,
    diffs: report.experiment.diffs,
    report_html: html,
  };
}

function renderDemo(report: DemoReport, agent: string, html: string): string {
  const table = new Table({ head: ['description', 'version', 'chosen first', 'success [95% CI]', 'tokens'] });
  for (const r of report.rows) {
    table.push([r.role, r.versionId, percent(r.firstChoice), `${percent(r.success.rate)} [${percent(r.success.low, 0)}, ${percent(r.success.high, 0)}]`, r.tokens]);
  }
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const diffs = report.experiment.diffs.map((d) => renderDiff(d, 'text', { color })).join('\n');
  const f = report.findings;
  return [
    `The overconfident contractor: ${report.server}, one seed description, optimized for selection and for success`,
    `(agent ${agent}; budget ${report.settings.budget} per search, seed ${report.settings.seed}; test split, ${report.settings.repeats} repeat(s))`,
    `honesty gate (lint problems a candidate gains refuse it unrun): ${(['selection', 'success'] as const).map((t) => gateState(t, report.optimizeRuns[t].honestyGate)).join('; ')}`,
    '',
    diffs,
    table.toString(),
    `selection-optimized: chosen first ${f.selectionRose ? 'MORE' : 'not more'} often than the seed; success ${f.successFellUnderSelection ? 'FELL' : 'did not fall'} against the seed.`,
    `success-optimized: success ${f.successBestBeatsSelectionBest ? 'ABOVE' : 'not above'} the selection-optimized version.`,
    `report: ${html}`,
    '',
  ].join('\n');
}

function gateState(target: string, gate: DemoReport['optimizeRuns']['success']['honestyGate']): string {
  return `${target} search ${gate.on ? `on, ${gate.rejected} refused` : 'off'}`;
}
