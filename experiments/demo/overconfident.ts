// `tdo demo overconfident`: one seed description of the market's overconfident seller, optimized once for
// selection and once for success with the same agent, proposer, budget and seed, then both winners and the
// seed compared on the held-out test split. Everything it reports is measured in that run.
import type { Agent } from '../../src/agents/agent.ts';
import type { LoadedSuite } from '../../src/suite/load.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import type { ToolReflectionRecord } from '../../optimizer/mcp/reflection.ts';
import { defaultHonestyGate, optimize, type OptimizeReport, type OptimizeSettings } from '../../optimizer/mcp/optimize.ts';
import type { Proposer } from '../../optimizer/engine/types.ts';
import { OutageError } from '../../src/run/outages.ts';
import { verdictSentence } from '../experiment/columns.ts';
import { runExperiment, type ExperimentReport } from '../experiment/run-experiment.ts';
import type { VersionResult } from '../experiment/statistics.ts';
import { InputError } from '../input-error.ts';
import { lintGate } from '../review/lint/gate.ts';

export const DEMO_SERVER = 'mega-depot';
export const DEMO_ROLES = ['seed', 'selection-best', 'success-best'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export interface DemoSettings {
  budget: number;
  seed: number;
  repeats: number;
  concurrency: number;
}

export interface DemoRequest {
  store: TraceStore;
  market: LoadedSuite;
  agent: Agent;
  /** A fresh proposer per optimize run, so neither search sees the other's state. */
  proposer: () => Proposer<ToolReflectionRecord>;
  settings: DemoSettings;
  signal?: AbortSignal;
  onPhase?: (phase: string) => void;
}

export interface DemoRow {
  role: DemoRole;
  versionId: string;
  tokens: number;
  /** held-out test split, from the experiment */
  success: VersionResult['success'];
  /** episodes that called the seller at all (a failed first try included) */
  selection: VersionResult['selection'];
  /** share of episodes in which the buyer went to this seller first (the market's `chosen:<seller>` score) */
  firstChoice: number;
}

export interface DemoReport {
  server: string;
  settings: DemoSettings;
  optimizeRuns: Record<'selection' | 'success', Pick<OptimizeReport, 'runId' | 'budgetUsed' | 'versionId' | 'seedVersionId' | 'proposals' | 'honestyGate'>>;
  rows: DemoRow[];
  experiment: ExperimentReport;
  /** What the run shows, each claim checked against the rows above. */
  findings: { selectionRose: boolean; successFellUnderSelection: boolean; successBestBeatsSelectionBest: boolean };
}

export async function runOverconfidentDemo(req: DemoRequest): Promise<DemoReport> {
  const { store, market, settings } = req;
  if (!market.suite.servers.some((s) => s.name === DEMO_SERVER)) throw new InputError(`suite ${market.suite.name} has no server "${DEMO_SERVER}" (the overconfident contractor)`);
  const searches = {} as Record<'selection' | 'success', OptimizeReport>;
  for (const target of ['selection', 'success'] as const) {
    req.onPhase?.(`optimize --target ${target} --server ${DEMO_SERVER} (budget ${settings.budget})`);
    const optimizeSettings: OptimizeSettings = {
      server: DEMO_SERVER,
      target,
      budget: settings.budget,
      minibatch: 3,
      merge: false,
      seed: settings.seed,
      componentChoice: 'attribution',
      selector: 'pareto',
      reflection: true,
      concurrency: settings.concurrency,
      // as `tdo optimize` does: the honesty gate refuses lint problems under success, not under selection
      honestyGate: defaultHonestyGate(target),
      agent: { kind: req.agent.id },
      proposer: { kind: 'demo' },
    };
    searches[target] = await optimize({
      store, loaded: market, agent: req.agent, proposer: req.proposer(), settings: optimizeSettings, reportTest: false, gate: lintGate,
      ...(req.signal === undefined ? {} : { signal: req.signal }),
    });
    if (searches[target].versionId === null) throw new InputError(`the ${target} search was interrupted before it saved a winner`);
  }

  const roleVersion: Record<DemoRole, string> = {
    seed: searches.selection.seedVersionId,
    'selection-best': searches.selection.versionId!,
    'success-best': searches.success.versionId!,
  };
  // A search that found nothing better keeps the seed; each distinct version is measured once.
  const distinct = [...new Set(Object.values(roleVersion))].map((id) => store.getVersion(id)).filter((v): v is VersionRow => v !== undefined);
  req.onPhase?.(`experiment: ${distinct.map((v) => v.id).join(', ')} on the test split, ${settings.repeats} repeat(s)`);
  const experiment = await runExperiment(
    { suites: [market], versions: distinct, repeats: settings.repeats, seed: settings.seed, concurrency: settings.concurrency, conditions: {}, threshold: 1 },
    { store, agent: req.agent, ...(req.signal === undefined ? {} : { signal: req.signal }) },
  );
  if (experiment.verdict === 'error') throw new OutageError(verdictSentence(experiment));
  const results = experiment.suites[0]!.results;
  const rows = DEMO_ROLES.map((role): DemoRow => {
    const result = results.find((r) => r.versionId === roleVersion[role])!;
    const chosenFirst = result.scores[`chosen:${DEMO_SERVER}`];
    // recorded (as 1) only for the seller a judged episode went to first
    return { role, versionId: result.versionId, tokens: result.tokens, success: result.success, selection: result.selection, firstChoice: result.success.n === 0 ? 0 : (chosenFirst?.episodes ?? 0) / result.success.n };
  });
  const [seed, bySelection, bySuccess] = rows as [DemoRow, DemoRow, DemoRow];
  return {
    server: DEMO_SERVER,
    settings,
    optimizeRuns: {
      selection: pick(searches.selection),
      success: pick(searches.success),
    },
    rows,
    experiment,
    findings: {
      selectionRose: bySelection.firstChoice > seed.firstChoice,
      successFellUnderSelection: bySelection.success.rate < seed.success.rate,
      successBestBeatsSelectionBest: bySuccess.success.rate > bySelection.success.rate,
    },
  };
}

function pick(r: OptimizeReport) {
  return { runId: r.runId, budgetUsed: r.budgetUsed, versionId: r.versionId, seedVersionId: r.seedVersionId, proposals: r.proposals, honestyGate: r.honestyGate };
}
