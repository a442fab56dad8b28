// The output of `tdo demo overconfident --agents`: per agent, every row with its change from the honest seed,
// and the agents the selection-best text sways most and least; the JSON keeps the single-agent demo's key names
// for each agent's rows and effects (format/demo.ts) under `per_agent`.
import Table from 'cli-table3';
import {
  type ChangeFromSeed,
  type DemoAgentsReport,
  type Sway,
  DEMO_ROLES,
  ROLE_LABELS,
  type DemoRow,
  renderDiff,
  percent,
  points,
  share,
  tableStyle,
} from '../../experiments/index.ts';
import { describeAgent } from '../../src/index.ts';
import { agentsJson } from './optimize-agents.ts';
import { change, ci, effectsJson, figures, interval, jsonRole, rowLabel, searchLine } from './demo.ts';

export function renderDemoAgents(report: DemoAgentsReport, html: string): string {
  const style = tableStyle();
  const color = Object.keys(style).length === 0;
  const { settings } = report;
  const agents = report.perAgent.length;
  const table = new Table({
    style,
    head: [
      'agent',
      'description',
      'first-choice share [95% CI]\nchange from honest seed',
      'used server\nchange',
      'success [95% CI]\nchange',
      'saved per buyer\nchange',
      'lint gained',
    ],
  });
  for (const a of report.perAgent)
    for (const r of a.rows) {
      // no change line for the seed, nor for a row that is the seed (the same episodes)
      const from = r.role === 'seed' ? null : a.fromSeed[r.role];
      const cell = (value: string, d: ChangeFromSeed[keyof ChangeFromSeed] | undefined) => (d === undefined ? value : `${value}\n${shortChange(d)}`);
      table.push([
        r.role === 'seed' ? a.agent : '',
        rowLabel(r),
        cell(ci(r.firstChoiceShare), from?.firstChoiceShare),
        cell(share(r.usedServer), from?.usedServer),
        cell(ci(r.success), from?.success),
        cell(percent(r.savings.perBuyer), from?.savings),
        r.lintGained.length,
      ]);
    }
  const episodes = report.perAgent[0]!.rows[0]!.success.n;
  const diffs = (report.experiment.experiments[0]?.diffs ?? []).map((d) => renderDiff(d, 'text', { color })).join('\n');
  return [
    `The overconfident contractor across ${agents} agents: ${report.server}, from an honest description, optimized for selection and for success`,
    ...report.perAgent.map((a) => `  ${describeAgent(a.agent)}`),
    `(both searches evaluate every candidate with each agent, objective ${settings.objective}: each winner maximizes the ${settings.objective === 'mean' ? "agents' mean" : "worst agent's"} validation score; budget ${settings.budget} per agent per search (${settings.budget * agents} metric calls), seed ${settings.seed}; test split, ${settings.repeats} repeat(s): ${episodes} episodes per version and agent)`,
    `honest seed: ${report.honestSeedFile}; shipped: ${report.shippedFile}`,
    ...(['selection', 'success'] as const).map((t) => searchLine(t, report)),
    '',
    diffs,
    `versions: ${report.perAgent[0]!.rows.map((r) => `${ROLE_LABELS[r.role]} ${r.versionId}`).join(', ')}`,
    table.toString(),
    `first-choice share: the share of the buyers' first choices (before any fallback) that went to ${report.server}; used server: the share of buyers that called it at all; saved per buyer: the share of the limit a buyer kept (0 when the purchase failed); each change is the row minus the honest seed with the same agent, in points [95% CI]`,
    ...(report.mostSwayed === null || report.leastSwayed === null
      ? ['the selection search kept the honest seed: no selection-optimized text to be swayed by (a larger --budget, or another --seed)']
      : [swayLine('most swayed', report.server, report.mostSwayed), swayLine('least swayed', report.server, report.leastSwayed)]),
    ...(report.perAgent.some((a) => a.simulated)
      ? ["sim agents are simulated selection models fitted to real models' choices: their figures are not LLM results"]
      : []),
    `report: ${html}`,
    '',
  ].join('\n');
}

/** A change in points with its interval, short enough for a table cell: "+16.7 [−10.4, +44.8] pts". */
function shortChange(d: { delta: number; low: number; high: number }): string {
  const pts = (x: number) => points(x).replace(' pts', '');
  return `${pts(d.delta)} [${pts(d.low)}, ${pts(d.high)}] pts`;
}

/** How much the selection-best text sways one agent, against the honest seed. */
function swayLine(label: string, server: string, s: Sway): string {
  return `${label}: ${s.agent}: selection-best changes ${server}'s first-choice share by ${change(s.firstChoice)} against the honest seed, and its buyers' success by ${change(s.success)}`;
}

export function demoAgentsJson(report: DemoAgentsReport, html: string) {
  const rowJson = (r: DemoRow) => ({ ...figures(r), run_id: r.runId });
  const sway = (s: Sway) => ({ agent: s.agent, first_choice_selection_minus_seed: interval(s.firstChoice), success_selection_minus_seed: interval(s.success) });
  const search = (target: 'selection' | 'success') => {
    const { perAgent, ...run } = report.optimizeRuns[target];
    return { ...run, per_agent: agentsJson(perAgent) };
  };
  return {
    server: report.server,
    agents: report.perAgent.map((a) => ({ agent: a.agent, simulated: a.simulated })),
    simulated: report.perAgent.some((a) => a.simulated),
    settings: report.settings,
    honest_seed_file: report.honestSeedFile,
    shipped_file: report.shippedFile,
    optimize_runs: { selection: search('selection'), success: search('success') },
    /** where the store keeps each agent's experiment (`tdo view`: /experiments/ID) */
    experiment_ids: report.experiment.experiments.map((e) => e.id),
    per_agent: report.perAgent.map((a) => ({
      agent: a.agent,
      simulated: a.simulated,
      ...Object.fromEntries(a.rows.map((r) => [jsonRole(r.role), rowJson(r)])),
      changes_from_seed: Object.fromEntries(
        DEMO_ROLES.filter((role) => role !== 'seed').map((role) => {
          const c = a.fromSeed[role];
          return [
            jsonRole(role),
            c && {
              first_choice_share: interval(c.firstChoiceShare),
              used_server: interval(c.usedServer),
              success_rate: interval(c.success),
              savings_per_buyer: interval(c.savings),
            },
          ];
        }),
      ),
      effects: effectsJson(a.effects),
      findings: a.findings,
    })),
    most_swayed: report.mostSwayed && sway(report.mostSwayed),
    least_swayed: report.leastSwayed && sway(report.leastSwayed),
    diffs: report.experiment.experiments[0]?.diffs ?? [],
    report_html: html,
  };
}
