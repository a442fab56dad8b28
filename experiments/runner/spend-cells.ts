// What each version's runs spent on model calls (traces/spend.ts), as the reports' columns: the agent's tokens
// sent to an endpoint and their cost at the prices of tdo.config.json, a price unknown said so and never shown as 0.
import { counted, formatCost } from '../../src/index.ts';
import { sumSpend, type ModelSpendTotals } from '../../traces/index.ts';
import type { ExperimentReport, SuiteResults } from './run-experiment.ts';

/** A version's runs in a suite, test and paraphrase alike: the spend its row shows. */
export function versionSpend(suite: SuiteResults, versionId: string): ModelSpendTotals {
  const runs = [...suite.results, ...(suite.paraphrase?.results ?? [])].filter((r) => r.versionId === versionId);
  return sumSpend(runs.map((r) => r.spend));
}

/** Everything the experiment's agent spent, over every suite and split. */
export function experimentSpend(report: ExperimentReport): ModelSpendTotals {
  return sumSpend(report.suites.flatMap((s) => [...s.results, ...(s.paraphrase?.results ?? [])]).map((r) => r.spend));
}

/** A simulated agent makes no model calls, so its reports have no spend columns. */
export const showsSpend = (report: ExperimentReport): boolean => !report.agent.simulated;

export function tokensCell(spend: ModelSpendTotals): string {
  const estimated = spend.estimatedCalls === 0 ? '' : ` (estimated for ${spend.estimatedCalls} calls: ${spend.estimateReasons.join('; ')})`;
  return `${spend.tokensIn} in / ${spend.tokensOut} out${estimated}`;
}

export function costCell(spend: ModelSpendTotals): string {
  return spend.cost === null ? `price unknown (${spend.unpricedModels.join(', ')})` : formatCost(spend.cost);
}

/** The reports' note on the spend columns; empty when the agent is simulated. */
export function spendNote(report: ExperimentReport): string {
  if (!showsSpend(report)) return '';
  const total = experimentSpend(report);
  const unknown =
    total.cost === null ? ` A price is unknown for ${total.unpricedModels.join(', ')}: set it under model.prices in tdo.config.json to see the cost.` : '';
  return (
    `Model tokens and cost: the agent's calls sent to the endpoint by each version's runs (test and paraphrase), at the prices in tdo.config.json; answers from tdo's response cache are free. ` +
    `In all, ${counted(total.calls, 'call')}, ${total.tokensIn} tokens in and ${total.tokensOut} out, ${costCell(total)}.${unknown}`
  );
}
