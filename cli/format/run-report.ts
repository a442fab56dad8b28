import Table from 'cli-table3';
import { isSimulatedAgentId } from '../../src/index.ts';
import { interval, tableStyle } from '../../experiments/index.ts';
import { wilson } from '../../src/index.ts';
import { describeErrors } from '../../src/index.ts';
import { terminalSafe } from '../../src/index.ts';
import { dbFlag } from '../database-path.ts';
import type { RunReport } from '../../src/index.ts';
import { SCORE } from '../../src/index.ts';
import type { CapStop } from '../../src/index.ts';
import type { RunSpend } from '../../traces/index.ts';
import { spendJson, spendLine, type SpendParts } from './spend.ts';

export interface RunReportView {
  run: RunReport;
  suite: string;
  agent: string;
  agentId: string;
  split: string;
  dbPath: string;
  /** the cap (--max-cost, --max-tokens) that stopped the run */
  capStop?: CapStop;
  spend: RunSpendView;
}

/** What the run's model calls spent. */
export interface RunSpendView {
  spend: RunSpend;
  simulated: SpendParts;
}

/** tool -> times called; a tool name shared by two servers is keyed `server__tool`, as the catalogue shows it. */
export function callsByTool(calls: RunReport['callsByTool']): Record<string, number> {
  const owners = new Map<string, number>();
  for (const s of calls) owners.set(s.tool, (owners.get(s.tool) ?? 0) + 1);
  return Object.fromEntries(calls.map((s) => [(owners.get(s.tool) ?? 0) > 1 ? `${s.server}__${s.tool}` : s.tool, s.calls]));
}

/** server -> episodes whose first call went to it, when the suite's check records that choice. */
export function firstChoicesByServer(run: RunReport): Record<string, number> | undefined {
  const chosen = Object.entries(run.scoreTotals).filter(([name]) => name.startsWith(SCORE.chosenPrefix));
  if (chosen.length === 0) return undefined;
  return Object.fromEntries(chosen.map(([name, total]) => [name.slice(SCORE.chosenPrefix.length), total.sum]).sort((a, b) => Number(b[1]) - Number(a[1])));
}

/** Market metrics (deals, violations, mean price and savings), when the suite's check records them. */
export function dealMetrics(run: RunReport) {
  const t = run.scoreTotals;
  const violations = t[SCORE.limitViolation];
  if (violations === undefined) return undefined;
  const mean = (name: string) => (t[name] === undefined || t[name].episodes === 0 ? null : t[name].sum / t[name].episodes);
  return { deals: t[SCORE.deal]?.sum ?? 0, violations: violations.sum, mean_price: mean(SCORE.price), mean_savings: mean(SCORE.savings) };
}

/**
 * A deferred-loading run's found@k (plan steps whose labelled tool a search of the episode returned, with the
 * Wilson interval over steps, which treats an episode's steps as independent) and its description tokens per
 * episode against every tool listed; undefined for a run that listed every tool.
 */
export function deferredLoadingMetrics(run: RunReport) {
  if (run.toolSearch.mode === 'off') return undefined;
  const total = (name: string) => run.scoreTotals[name] ?? { episodes: 0, sum: 0 };
  const found = total(SCORE.labelledStepsFound).sum;
  const labelled = total(SCORE.labelledSteps).sum;
  const perEpisode = (name: string) => (total(name).episodes === 0 ? null : total(name).sum / total(name).episodes);
  const foundRate = labelled === 0 ? undefined : wilson(found, labelled);
  return {
    labelled_steps: labelled,
    labelled_steps_found: found,
    found_at_k: foundRate?.rate ?? null,
    found_at_k_low: foundRate?.low ?? null,
    found_at_k_high: foundRate?.high ?? null,
    // of the labelled steps, those whose tool some search ranked first (found@1); null for a run recorded before ranks were
    labelled_steps_ranked_first: total(SCORE.labelledStepsRankedFirst).episodes === 0 ? null : total(SCORE.labelledStepsRankedFirst).sum,
    mean_rank_when_found: total(SCORE.labelledStepsRankSum).episodes === 0 || found === 0 ? null : total(SCORE.labelledStepsRankSum).sum / found,
    loaded_tokens_per_episode: perEpisode(SCORE.loadedTokens),
    all_tools_tokens: perEpisode(SCORE.allToolsTokens),
  };
}

export function runReportJson(view: RunReportView) {
  const { run } = view;
  const byServer = firstChoicesByServer(run);
  const deals = dealMetrics(run);
  return {
    run_id: run.runId,
    status: run.status,
    suite: view.suite,
    agent: view.agentId,
    simulated: isSimulatedAgentId(view.agentId),
    split: view.split,
    planned: run.planned,
    episodes: run.episodes,
    errors: run.errors.errors,
    judged: run.errors.judged,
    error_causes: run.errors.causes,
    successes: run.success.successes,
    success_rate: run.success.rate,
    // the rate's 95% Wilson interval, as every command gives it; null with the rate
    success_low: run.success.rate === null ? null : run.success.low,
    success_high: run.success.rate === null ? null : run.success.high,
    tool_calls: run.toolCalls,
    calls_by_tool: callsByTool(run.callsByTool),
    calls_by_tool_detail: run.callsByTool,
    version_ids: run.versionIds,
    conditions: run.conditions,
    tool_search: run.toolSearch,
    ...deferredLoadingMetrics(run),
    ...(deals === undefined ? {} : deals),
    ...(byServer === undefined ? {} : { first_choices_by_server: byServer }),
    spend: spendJson(view.spend.spend, view.spend.simulated),
    // the cap that stopped the run (--max-cost, --max-tokens), else null
    stopped: view.capStop ?? null,
    db: view.dbPath,
  };
}

export function renderRunReport(view: RunReportView): string {
  const { run } = view;
  // Cells are made safe before the table measures them; the other lines carry no colour of ours, so whole.
  const table = new Table({ style: tableStyle(), head: ['server', 'tool', 'calls', 'errors'] });
  for (const s of run.callsByTool) table.push([terminalSafe(s.server), terminalSafe(s.tool), s.calls, s.errors]);
  const lines = [
    `run ${run.runId} (${run.status})  suite ${view.suite}  split ${view.split}`,
    `agent ${view.agent}`,
    `success ${run.success.rate === null ? '– (no judged episode)' : `${run.success.successes}/${run.success.n} judged = ${interval(run.success, 0)}`}   tool calls ${run.toolCalls}`,
    ...(run.errors.errors === 0 ? [] : [`errors: ${describeErrors(run.errors, erroredListCommand(run.runId, view.dbPath))}`]),
    `descriptions ${Object.entries(run.versionIds)
      .map(([s, v]) => `${s}=${v}`)
      .join('  ')}`,
    ...(Object.keys(run.conditions).length === 0
      ? []
      : [
          `conditions ${Object.entries(run.conditions)
            .map(([k, v]) => `${k}=${v}`)
            .join('  ')}`,
        ]),
    ...(run.toolSearch.mode === 'off'
      ? []
      : [
          `tool search ${run.toolSearch.mode}, top ${run.toolSearch.k} per search (deferred loading: the agent started with the search tool alone)`,
          deferredLoadingLine(run),
        ]),
    ...marketLines(run),
    spendLine(view.spend.spend, view.spend.simulated),
  ].map(terminalSafe);
  return [
    ...lines,
    table.toString(),
    ...(run.status === 'completed' ? [] : [partialLine(view)]),
    `traces in ${view.dbPath}: \`tdo traces list --run ${run.runId}${dbFlag(view.dbPath)}\``,
    '',
  ].join('\n');
}

function deferredLoadingLine(run: RunReport): string {
  const m = deferredLoadingMetrics(run)!;
  const found =
    m.labelled_steps === 0
      ? 'found@k – (no labelled step judged)'
      : `found@${run.toolSearch.k} ${m.labelled_steps_found}/${m.labelled_steps} labelled steps = ${interval(wilson(m.labelled_steps_found, m.labelled_steps), 0)}${rankText(m)}`;
  const tokens =
    m.loaded_tokens_per_episode === null
      ? ''
      : `   description tokens per episode ${Math.round(m.loaded_tokens_per_episode)}, against ${m.all_tools_tokens} with every tool listed`;
  return `${found}${tokens}`;
}

function rankText(m: NonNullable<ReturnType<typeof deferredLoadingMetrics>>): string {
  if (m.labelled_steps_ranked_first === null) return '';
  const rank = m.mean_rank_when_found === null ? '' : `, mean rank when found ${m.mean_rank_when_found.toFixed(2)}`;
  return `; found@1 ${m.labelled_steps_ranked_first}/${m.labelled_steps}${rank}`;
}

/** The command that lists a run's errored episodes with their causes. */
export function erroredListCommand(runId: string, dbPath: string): string {
  return `tdo traces list --run ${runId} --errored${dbFlag(dbPath)}`;
}

/** A stopped run's summary is partial, and leans to the tasks that run first: say so, and how to finish it. */
function partialLine(view: RunReportView): string {
  const { run } = view;
  if (view.capStop !== undefined)
    return `stopped: ${view.capStop}; ${run.episodes} of ${run.planned} episodes finished, everything recorded. Raise the cap and finish with \`tdo run --resume ${run.runId}${dbFlag(view.dbPath)} ${capFlag(view.capStop)} N\``;
  return `partial: ${run.episodes} of ${run.planned} episodes finished; tasks run in suite order, so these figures lean to the first tasks. Finish with \`tdo run --resume ${run.runId}${dbFlag(view.dbPath)}\``;
}

function marketLines(run: RunReport): string[] {
  const deals = dealMetrics(run);
  const byServer = firstChoicesByServer(run);
  const lines: string[] = [];
  if (deals !== undefined) {
    const savings = deals.mean_savings === null ? '-' : `${(deals.mean_savings * 100).toFixed(1)}%`;
    lines.push(`deals ${deals.deals}/${run.episodes}   limit violations ${deals.violations}   mean savings vs limit ${savings}`);
  }
  if (byServer !== undefined)
    lines.push(
      `first choice ${Object.entries(byServer)
        .map(([s, n]) => `${s}=${n}`)
        .join('  ')}`,
    );
  return lines;
}

/** The flag that raises the cap that stopped a command. */
export function capFlag(stop: CapStop): string {
  return stop === 'cost cap' ? '--max-cost' : '--max-tokens';
}
