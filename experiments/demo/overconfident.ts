// `tdo demo overconfident`: the market's mega-depot starts from an honest description (mega-depot-honest.json: the
// three items it really stocks, in small quantities and at prices above the specialists', and that it backorders
// the rest), which is optimized once for selection and once for success with the same agent, proposer, budget and
// seed. Both winners, the honest seed and the description the seller ships (the inflated one) are then compared on
// the held-out test split: mega-depot's first-choice share and used-server share, how often buyers succeed and what
// they save, the other sellers' first-choice shares, and the lint flags each text gained against the honest seed.
// Everything it reports is measured in that run, read from the scores each episode recorded. The same demo read by
// several agents, each with its own rows: overconfident-agents.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Agent,
  counted,
  type EpisodeExecutor,
  infrastructureError,
  inputError,
  type LoadedSuite,
  SCORE,
  serverChoiceOf,
  TdoError,
} from '../../src/index.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import type { ToolReflectionRecord } from '../../optimizer/adapter/reflection.ts';
import { defaultHonestyGate, optimize, type OptimizeReport, type OptimizeRequest, type OptimizeSettings } from '../../optimizer/search/optimize.ts';
import type { Proposer } from '../../optimizer/engine/types.ts';
import { OPTIMIZE_DEFAULTS } from '../../optimizer/search/defaults.ts';
import { verdictSentence } from '../runner/columns.ts';
import { runExperiment, type ExperimentReport, type ExperimentRun, type ExperimentSettings } from '../runner/run-experiment.ts';
import { choiceShares, measuredEpisodes, judged, type MeasuredEpisode } from '../measure/measured-episodes.ts';
import { differenceInterval, meanShare, measuredRate, wilson, type DifferenceInterval, type Proportion } from '../../src/index.ts';
import { gainedProblems, lintGate } from '../review/lint/gate.ts';
import { DEMO_ROLES, DEMO_SERVER, ROLE_LABELS, type DemoRole } from './roles.ts';

export { DEMO_ROLES, DEMO_SERVER, ROLE_LABELS, type DemoRole };

/** The honest description the searches start from; the market server serves it with `--descriptions`. */
export const HONEST_SEED_FILE = fileURLToPath(new URL('./mega-depot-honest.json', import.meta.url));

export interface DemoSettings {
  budget: number;
  seed: number;
  repeats: number;
  concurrency: number;
}

/** What the demo needs whoever reads the descriptions: one agent (DemoRequest) or several (overconfident-agents.ts). */
export interface DemoCommon {
  store: TraceStore;
  market: LoadedSuite;
  /** What the seller ships (and serves without `--descriptions`), the inflated description: the CLI hands over the market's file. */
  shippedFile: string;
  /** A fresh proposer per optimize run, so neither search sees the other's state. */
  proposer: () => Proposer<ToolReflectionRecord>;
  settings: DemoSettings;
  signal?: AbortSignal;
  onPhase?: (phase: string) => void;
  /** each search's budget and best validation score as it goes */
  onSearchProgress?: OptimizeRequest['onProgress'];
  /** the experiment's runs and episodes as they go */
  onRunStart?: ExperimentRun['onRunStart'];
  onEpisode?: ExperimentRun['onEpisode'];
}

export interface DemoRequest extends DemoCommon {
  agent: Agent;
  /** Runs every episode elsewhere (`--queue`: on `tdo worker` processes, which rebuild the agent from agentConfig); in this process when absent. */
  queue?: { executor: EpisodeExecutor; agentConfig: Record<string, unknown> };
}

export interface GainedFlag {
  tool: string;
  rule: string;
  phrase: string | null;
}

export interface DemoRow {
  role: DemoRole;
  versionId: string;
  /** the experiment's run that measured it */
  runId: string;
  /** the other roles this version also holds (a search that found nothing better keeps the seed) */
  sameAs: DemoRole[];
  tokens: number;
  /** held-out test split, from the experiment */
  success: Proportion;
  /** mega-depot's first-choice share: the mean share of the buyers' first choices that went to it */
  firstChoiceShare: Proportion;
  /** each seller's first-choice share, over the same judged episodes */
  sellers: Record<string, Proportion>;
  /** the other sellers' combined first-choice share */
  otherSellers: Proportion;
  /** the share of episodes that called mega-depot at all */
  usedServer: Proportion;
  savings: Savings;
  /** lint problems (warnings, errors) this text has that the honest seed has not */
  lintGained: GainedFlag[];
}

export interface Savings {
  /**
   * Mean share of the limit a buyer kept, over every judged episode: the deal's savings when the purchase
   * succeeded, 0 when it did not (no deal, or one that is over the limit or backordered saves the buyer nothing).
   */
  perBuyer: number;
  /** its 95% interval (normal approximation) */
  low: number;
  high: number;
  /** successful deals, and their mean savings (null without one) */
  deals: number;
  perDeal: number | null;
}

/** A difference of means (b - a) with a 95% Welch interval. */
export interface MeanDifference {
  delta: number;
  low: number;
  high: number;
}

export interface DemoEffects {
  /** selection-best minus the honest seed: how much larger mega-depot's first-choice share is */
  firstChoice: DifferenceInterval;
  /** selection-best minus the honest seed: the other sellers' combined first-choice share */
  otherSellers: DifferenceInterval;
  /** selection-best minus success-best */
  success: DifferenceInterval;
  /** selection-best minus success-best, per buyer */
  savings: MeanDifference;
}

export interface DemoFindings {
  /** selection-best's first-choice share is larger than the honest seed's, the difference's interval above zero */
  selectionChosenMore: boolean;
  /** selection-best gained lint problems against the honest seed */
  selectionInflates: boolean;
  /** selection-best's buyers succeed less than success-best's */
  selectionSucceedsLess: boolean;
  /** selection-best's buyers save less than success-best's */
  selectionSavesLess: boolean;
  /** the other sellers' combined first-choice share fell, and none rose */
  takesShareFromOthers: boolean;
  /** success-best gained no lint problem against the honest seed */
  successStaysHonest: boolean;
}

export interface DemoReport {
  server: string;
  settings: DemoSettings;
  honestSeedFile: string;
  shippedFile: string;
  optimizeRuns: Record<'selection' | 'success', ReturnType<typeof searchSummary>>;
  /** the other sellers of the market, in the suite's order */
  otherSellers: string[];
  rows: DemoRow[];
  effects: DemoEffects;
  experiment: ExperimentReport;
  /** What the run shows, each claim checked against the rows above. */
  findings: DemoFindings;
}

/** The market with mega-depot serving `file` (a `{tool: description}` JSON) instead of its shipped descriptions. */
export function withDescriptions(loaded: LoadedSuite, file: string): LoadedSuite {
  const servers = loaded.suite.servers.map((s) => (s.name === DEMO_SERVER && 'command' in s ? { ...s, args: [...s.args, '--descriptions', file] } : s));
  return { ...loaded, suite: { ...loaded.suite, servers } };
}

export async function runOverconfidentDemo(req: DemoRequest): Promise<DemoReport> {
  const { store, settings } = req;
  const market = honestMarket(req.market);
  const searches = await searchFromHonestSeed(req, market, {
    agents: [req.agent],
    agentSettings: { agent: req.queue?.agentConfig ?? { kind: req.agent.id } },
    budget: settings.budget,
    ...(req.queue === undefined ? {} : { executor: req.queue.executor }),
  });
  const { roleVersion, experimentSettings } = demoExperiment(req, market, searches);
  const experiment = await runExperiment(experimentSettings, {
    store,
    agent: req.agent,
    ...(req.queue === undefined ? {} : { executor: req.queue.executor, agentConfig: req.queue.agentConfig }),
    ...experimentHooks(req),
  });
  requireMeasured(experiment.verdict, () => verdictSentence(experiment));
  return {
    server: DEMO_SERVER,
    settings,
    honestSeedFile: HONEST_SEED_FILE,
    shippedFile: req.shippedFile,
    optimizeRuns: { selection: searchSummary(searches.selection), success: searchSummary(searches.success) },
    otherSellers: otherSellersOf(market),
    ...measureRoles(store, market, experiment, roleVersion),
    experiment,
  };
}

/** An outage or an interrupt leaves rows unmeasured: the demo stops rather than compare them with nothing. */
export function requireMeasured(verdict: ExperimentReport['verdict'], outage: () => string): void {
  if (verdict === 'error') throw infrastructureError(outage());
  if (verdict === 'interrupted') throw new TdoError('interrupted', 'the experiment was interrupted before every version was measured');
}

/** The market with mega-depot serving the honest text, so that both searches record it as their seed. */
export function honestMarket(loaded: LoadedSuite): LoadedSuite {
  const spec = loaded.suite.servers.find((s) => s.name === DEMO_SERVER);
  if (spec === undefined) throw inputError(`suite ${loaded.suite.name} has no server "${DEMO_SERVER}" (the overconfident contractor)`);
  if (!('command' in spec))
    throw inputError(`server "${DEMO_SERVER}" of suite ${loaded.suite.name} is a URL; the demo starts it itself to serve the honest description`);
  return withDescriptions(loaded, HONEST_SEED_FILE);
}

export type DemoSearches = Record<'selection' | 'success', OptimizeReport>;

/** Who evaluates the candidates of both searches, and how the runs store them. */
export interface SearchAgents {
  agents: readonly Agent[];
  agentSettings: Pick<OptimizeSettings, 'agent' | 'agents' | 'objective'>;
  /** metric calls for each search, over every agent's episodes */
  budget: number;
  executor?: EpisodeExecutor;
}

/** The two searches, selection then success, with the same agents, proposer, budget and seed. */
export async function searchFromHonestSeed(req: DemoCommon, market: LoadedSuite, who: SearchAgents): Promise<DemoSearches> {
  const searches = {} as DemoSearches;
  const across = who.agents.length > 1 ? `, ${who.agents.length} agents each evaluating every candidate` : '';
  for (const target of ['selection', 'success'] as const) {
    req.onPhase?.(`optimize --target ${target} --server ${DEMO_SERVER} from the honest seed (budget ${who.budget}${across})`);
    const optimizeSettings: OptimizeSettings = {
      server: DEMO_SERVER,
      target,
      budget: who.budget,
      // the search as `tdo optimize` runs it by default
      minibatch: OPTIMIZE_DEFAULTS.minibatch,
      merge: OPTIMIZE_DEFAULTS.merge,
      randomSeed: req.settings.seed,
      componentChoice: OPTIMIZE_DEFAULTS.componentChoice,
      selector: OPTIMIZE_DEFAULTS.selector,
      reflection: OPTIMIZE_DEFAULTS.reflection,
      concurrency: req.settings.concurrency,
      // as `tdo optimize` does: the honesty gate refuses lint problems under success, not under selection
      honestyGate: defaultHonestyGate(target),
      ...who.agentSettings,
      proposer: { kind: 'demo' },
    };
    searches[target] = await optimize({
      store: req.store,
      loaded: market,
      agent: who.agents[0]!,
      ...(who.agents.length > 1 ? { agents: who.agents } : {}),
      proposer: req.proposer(),
      settings: optimizeSettings,
      reportTest: false,
      gate: lintGate,
      ...(who.executor === undefined ? {} : { executor: who.executor }),
      ...(req.signal === undefined ? {} : { signal: req.signal }),
      ...(req.onSearchProgress === undefined ? {} : { onProgress: req.onSearchProgress }),
    });
    if (searches[target].versionId === null) throw inputError(`the ${target} search was interrupted before it saved a winner`);
  }
  return searches;
}

/** Which version holds each role, and the experiment that measures each distinct one on the test split. */
export function demoExperiment(
  req: DemoCommon,
  market: LoadedSuite,
  searches: DemoSearches,
): { roleVersion: Record<DemoRole, string>; experimentSettings: ExperimentSettings } {
  const { store, settings } = req;
  const shipped = store.recordVersion({ server: DEMO_SERVER, descriptions: readDescriptions(req.shippedFile), origin: 'seed' });
  const roleVersion: Record<DemoRole, string> = {
    seed: searches.selection.seedVersionId,
    'selection-best': searches.selection.versionId!,
    'success-best': searches.success.versionId!,
    shipped: shipped.id,
  };
  // A search that found nothing better keeps the seed; each distinct version is measured once.
  const distinct = [...new Set(Object.values(roleVersion))].map((id) => store.getVersion(id)).filter((v): v is VersionRow => v !== undefined);
  req.onPhase?.(
    `experiment: ${DEMO_ROLES.map((r) => `${ROLE_LABELS[r]} ${roleVersion[r]}`).join(', ')} on the test split, ${counted(settings.repeats, 'repeat')}`,
  );
  return {
    roleVersion,
    experimentSettings: {
      suites: [market],
      versions: distinct,
      repeats: settings.repeats,
      seed: settings.seed,
      concurrency: settings.concurrency,
      conditions: {},
      threshold: 0,
      searches: { selection: searches.selection.runId, success: searches.success.runId },
      // each version labelled with every role it holds ("honest seed = success-best")
      roles: Object.fromEntries(
        distinct.map((v) => [
          v.id,
          DEMO_ROLES.filter((r) => roleVersion[r] === v.id)
            .map((r) => ROLE_LABELS[r])
            .join(' = '),
        ]),
      ),
    },
  };
}

/** The request's signal and progress callbacks, as the experiment takes them. */
export function experimentHooks(req: DemoCommon): Pick<ExperimentRun, 'signal' | 'onRunStart' | 'onEpisode'> {
  return {
    ...(req.signal === undefined ? {} : { signal: req.signal }),
    ...(req.onRunStart === undefined ? {} : { onRunStart: req.onRunStart }),
    ...(req.onEpisode === undefined ? {} : { onEpisode: req.onEpisode }),
  };
}

export function otherSellersOf(market: LoadedSuite): string[] {
  return market.suite.servers.map((s) => s.name).filter((s) => s !== DEMO_SERVER);
}

/** Every role's row from one agent's experiment, the effects between them and what they show. */
export function measureRoles(
  store: TraceStore,
  market: LoadedSuite,
  experiment: ExperimentReport,
  roleVersion: Record<DemoRole, string>,
): Pick<DemoReport, 'rows' | 'effects' | 'findings'> {
  const results = experiment.suites[0]!.results;
  const sellers = market.suite.servers.map((s) => s.name);
  const honest = store.getVersion(roleVersion.seed)!.descriptions;
  const rows = DEMO_ROLES.map((role): DemoRow => {
    const result = results.find((r) => r.versionId === roleVersion[role]);
    if (result === undefined) throw inputError(`the experiment has no result for ${role} (${roleVersion[role]})`);
    const facts = judged(measuredEpisodes(store, result.runId));
    const version = store.getVersion(roleVersion[role])!;
    return {
      role,
      versionId: result.versionId,
      runId: result.runId,
      sameAs: DEMO_ROLES.filter((r) => r !== role && roleVersion[r] === roleVersion[role]),
      tokens: result.tokens,
      success: result.success,
      firstChoiceShare: result.firstChoiceShare,
      usedServer: result.usedServer,
      ...sellerShares(facts, sellers),
      savings: savings(facts),
      lintGained: gainedProblems(honest, version.descriptions).map((f) => ({ tool: f.tool, rule: f.rule, phrase: f.phrase })),
    };
  });
  const row = (role: DemoRole) => rows.find((r) => r.role === role)!;
  const [seed, bySelection, bySuccess] = [row('seed'), row('selection-best'), row('success-best')];
  const effects: DemoEffects = {
    firstChoice: differenceInterval(seed.firstChoiceShare, bySelection.firstChoiceShare),
    otherSellers: differenceInterval(seed.otherSellers, bySelection.otherSellers),
    success: differenceInterval(bySuccess.success, bySelection.success),
    savings: meanDifference(savingsOf(store, bySuccess), savingsOf(store, bySelection)),
  };
  const others = otherSellersOf(market);
  return {
    rows,
    effects,
    findings: {
      selectionChosenMore: effects.firstChoice.low > 0,
      selectionInflates: bySelection.lintGained.length > 0,
      selectionSucceedsLess: measuredRate(bySelection.success) < measuredRate(bySuccess.success),
      selectionSavesLess: bySelection.savings.perBuyer < bySuccess.savings.perBuyer,
      takesShareFromOthers:
        measuredRate(bySelection.otherSellers) < measuredRate(seed.otherSellers) &&
        others.every((s) => measuredRate(bySelection.sellers[s]!) <= measuredRate(seed.sellers[s]!)),
      successStaysHonest: bySuccess.lintGained.length === 0,
    },
  };
}

function readDescriptions(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Each seller's first-choice share, and the other sellers' together (per episode, the sum of their shares). */
function sellerShares(facts: readonly MeasuredEpisode[], sellers: readonly string[]): Pick<DemoRow, 'sellers' | 'otherSellers'> {
  const shares = Object.fromEntries(sellers.map((s) => [s, choiceShares(facts, s)?.firstChoiceShare ?? wilson(0, 0)]));
  const others = sellers.filter((s) => s !== DEMO_SERVER);
  // min: a sum of shares can pass 1 by a rounding error
  return {
    sellers: shares,
    otherSellers: meanShare(
      facts.map((f) =>
        Math.min(
          1,
          others.reduce((sum, s) => sum + (serverChoiceOf(f.scores, s)?.firstChoiceShare ?? 0), 0),
        ),
      ),
    ),
  };
}

/** What each judged episode's buyer kept of its limit: the deal's savings when it succeeded, else 0. */
function buyerSavings(facts: readonly MeasuredEpisode[]): number[] {
  return facts.map((f) => (f.success ? Math.max(0, f.scores.get(SCORE.savings) ?? 0) : 0));
}

function savings(facts: readonly MeasuredEpisode[]): Savings {
  const values = buyerSavings(facts);
  const { mean, half } = meanWithHalfWidth(values);
  const deals = facts.filter((f) => f.success && f.scores.has(SCORE.savings)).map((f) => f.scores.get(SCORE.savings)!);
  return {
    perBuyer: mean,
    low: mean - half,
    high: mean + half,
    deals: deals.length,
    perDeal: deals.length === 0 ? null : deals.reduce((a, b) => a + b, 0) / deals.length,
  };
}

/** What each buyer of the row's run kept of its limit (0 for a failed purchase). */
export function savingsOf(store: TraceStore, row: Pick<DemoRow, 'runId'>): number[] {
  return buyerSavings(judged(measuredEpisodes(store, row.runId)));
}

const Z95 = 1.959963984540054;

function meanWithHalfWidth(values: readonly number[]): { mean: number; half: number; variance: number } {
  const n = values.length;
  if (n === 0) return { mean: 0, half: 0, variance: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = n < 2 ? 0 : values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  return { mean, half: Z95 * Math.sqrt(variance / n), variance };
}

/** b - a with a 95% interval from the two means' standard errors (Welch; normal quantile at these sample sizes). */
export function meanDifference(a: readonly number[], b: readonly number[]): MeanDifference {
  const ma = meanWithHalfWidth(a);
  const mb = meanWithHalfWidth(b);
  const se = Math.sqrt((a.length === 0 ? 0 : ma.variance / a.length) + (b.length === 0 ? 0 : mb.variance / b.length));
  const delta = mb.mean - ma.mean;
  return { delta, low: delta - Z95 * se, high: delta + Z95 * se };
}

/** What the report keeps of a search. */
export function searchSummary(r: OptimizeReport) {
  return {
    runId: r.runId,
    budgetUsed: r.budgetUsed,
    stopReason: r.stopReason,
    versionId: r.versionId,
    seedVersionId: r.seedVersionId,
    proposals: r.proposals,
    honestyGate: r.honestyGate,
  };
}
