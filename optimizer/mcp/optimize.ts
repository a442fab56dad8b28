// One optimize run on an MCP suite: connect once, search (engine + this adapter), report seed vs best
// on validation and on the held-out test split (and the paraphrase split, when the suite has one), and
// save the winner as a description version. The search itself sees train (minibatches) and val only.
import pLimit from 'p-limit';
import {
  advertisedDescriptions,
  type Agent,
  type CatalogueTool,
  connectSuiteHost,
  type EpisodeExecutor,
  inputError,
  isSimAgentId,
  type LoadedSuite,
  resolveConditions,
  selectionCompetitors,
  TdoError,
} from '../../src/index.ts';
import { conditionLabel, countDescriptionTokens, type RunLock, type RunRow, type TraceStore } from '../../traces/index.ts';
import { runEngine, minimumBudget, GATE_REASON_PREFIX, type EngineProgress, type EngineResult } from '../engine/engine.ts';
import { meanOfGroups, worstGroup } from '../engine/objective.ts';
import { paretoSelector, bestSelector } from '../engine/pareto.ts';
import { failureAttribution, patience, roundRobin, stopFile, type StopCondition } from '../engine/strategies.ts';
import { EvaluationInterrupted, type Candidate, type CandidateGate, type GateVerdict, type Proposer, type TaskResult, type Texts } from '../engine/types.ts';
import { AgentInstances } from './agent-instances.ts';
import { perAgentReport, type ObjectiveName, type PerAgentReport, type SplitResults } from './agent-report.ts';
import { AgentsEvaluator } from './agents-evaluator.ts';
import { McpEvaluator } from './evaluator.ts';
import { withInputSchemas } from './input-schemas.ts';
import { proposalOutcomes, type ProposalOutcomes } from './proposal-outcomes.ts';
import { replayingProposer, storeJournal } from './journal.ts';
import { proposerOutagesStopSearch } from './proposer-outages.ts';
import { RatingAgent } from './rating-agent.ts';
import { describeSkipped, recordedSeedResults, selectSeedEpisodes, type SkippedSeedEpisode } from './recorded-seed.ts';
import { ToolReflector, type ToolReflectionRecord } from './reflection.ts';
import { targetFor, type ScoredEpisode, type TargetName } from './targets.ts';
import { addedWords, type AddedWords } from './added-words.ts';
import { metricScores, splitScores, type SplitScores } from './split-scores.ts';
import type { OptimizeSettings } from './settings.ts';

export type { SplitScores } from './split-scores.ts';
export type { OptimizeSettings } from './settings.ts';

/** Waits for every evaluation (none is left recording behind a failure), then fails with the first failure in order. */
async function allOrFirstError<T extends readonly unknown[]>(evaluations: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(evaluations);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

export interface OptimizeRequest {
  store: TraceStore;
  loaded: LoadedSuite;
  agent: Agent;
  /** with settings.agents: the agents built from them, in order (`agent` is then the first) */
  agents?: readonly Agent[];
  proposer: Proposer<ToolReflectionRecord>;
  settings: OptimizeSettings;
  /** runs whose episodes (recorded elsewhere, e.g. imported from Langfuse) become the seed's reflective data */
  seedRuns?: string[];
  /** the honesty gate, used when settings.honestyGate is on (the CLI builds it from the lint: experiments/review/lint/gate.ts) */
  gate?: HonestyGate;
  resumeRunId?: string;
  /** Runs every evaluation's episodes elsewhere (`--queue`: on `tdo worker` processes, from settings.agent); in this process when absent. */
  executor?: EpisodeExecutor;
  signal?: AbortSignal;
  stopFile?: string;
  /** evaluate seed and best on the test split, and the paraphrase split when the suite has one, at the end (default true) */
  reportTest?: boolean;
  /** The command that continues the search, as outage messages name it; `tdo optimize --resume RUN` when absent. */
  resumeCommand?: (runId: string) => string;
  onStart?: (info: { runId: string; resumed: boolean }) => void;
  /** Given the seed's catalogue (what the agent sees before any edit), once the servers are connected and before the run is opened. */
  onCatalogue?: (tools: readonly CatalogueTool[]) => void;
  onProgress?: (progress: EngineProgress) => void;
}

export interface CandidateSummary {
  candidate: number;
  val: SplitScores;
  test: SplitScores | null;
  /** the paraphrase split (the needs of other tasks worded differently); null when the suite has none */
  paraphrase: SplitScores | null;
  /** o200k_base tokens of the target server's descriptions */
  tokens: number;
  descriptions: Record<string, string>;
}

export interface OptimizeReport {
  runId: string;
  status: 'completed' | 'interrupted';
  suite: string;
  /** the suite file, so that next steps name it the way `--suite` accepts (absent in reports stored before it) */
  suitePath?: string;
  server: string;
  target: TargetName;
  agent: string;
  proposer: string;
  budget: number;
  budgetUsed: number;
  /** test-split episodes run for the report, outside the search budget */
  reportCalls: number;
  /** paraphrase-split episodes run for the report, also outside the search budget (0 when the suite has none) */
  paraphraseCalls: number;
  stopReason: string;
  iterations: number;
  poolSize: number;
  proposals: { made: number; accepted: number };
  seedVersionId: string;
  /** the suite's conditions as the search ran them, defaults included */
  conditions: Record<string, string>;
  /**
   * Recorded episodes the seed's first reflections read (otherAgent of them recorded by another agent, so the
   * seed was run on their tasks for its scores); null when the search ran the seed itself.
   */
  seedData: { episodes: number; otherAgent: number; skipped: SkippedSeedEpisode[] } | null;
  /** the winner's description version; null when interrupted */
  versionId: string | null;
  /** whether the honesty gate was on, and the proposed descriptions it refused (never run; the parent's text kept), per rule */
  honestyGate: { on: boolean; rejected: number; byRule: Record<string, number> };
  /** what became of the proposals: why those not accepted were not (absent in reports stored before it) */
  proposalOutcomes?: ProposalOutcomes;
  /** the content words the winner added, and those only train tasks use (learned from the search's own tasks) */
  addedWords: AddedWords;
  /** with several agents: over every (task, agent) pair; `perAgent` splits them by agent */
  seed: CandidateSummary;
  best: CandidateSummary;
  /** with several agents (`--agents`): each agent's seed and best, and the agent each serves worst */
  perAgent?: PerAgentReport;
  history: EngineResult['history'];
}

/**
 * Checks a child's descriptions against its parent's before the child is run; `toolResults` are what the
 * server's tools returned in the trajectories the proposer read. A verdict names the rule broken.
 */
export type HonestyGate = (parent: Texts, child: Texts, context: { toolResults: readonly string[] }) => GateVerdict | undefined;

/**
 * The gate is on by default where the objective is the users' (success, feedback): a description that wins
 * there by listing request words, copying outputs or dropping a limit is not shippable. Under selection it
 * is off, so the drift that target rewards stays visible (turn it on with --gate).
 */
export function defaultHonestyGate(target: TargetName): boolean {
  return target !== 'selection';
}

export async function optimize(req: OptimizeRequest): Promise<OptimizeReport> {
  const { store, loaded } = req;
  let settings = req.settings;
  const suite = loaded.suite;
  const split = (s: string) => suite.tasks.filter((t) => t.split === s).map((t) => t.id);
  const [trainIds, valIds, testIds, paraphraseIds] = [split('train'), split('val'), split('test'), split('paraphrase')];
  validate(req);
  const target = targetFor(settings.target, settings.server);
  const agents = (req.agents ?? [req.agent]).map((a) => (settings.target === 'feedback' ? new RatingAgent(a) : a));
  const agent = agents[0]!;
  // what the engine searches over: (task, agent) pairs, which are just the tasks when there is one agent
  const instances = new AgentInstances(
    agents.map((a) => a.id),
    suite.tasks.map((t) => t.id),
  );

  const conditions = resolveConditions(suite, settings.conditions);
  // Servers that check bearer tokens get them as in `tdo run`.
  const { host, headersFor } = await connectSuiteHost(suite, conditions.effect);
  let run: RunRow | undefined;
  let lock: RunLock | undefined;
  // the run itself, and with several agents each agent's own run, which share its status
  let runIds: string[] = [];
  const setStatus = (status: Parameters<TraceStore['setRunStatus']>[1]) => runIds.forEach((id) => store.setRunStatus(id, status));
  try {
    const listed = host.servers.find((s) => s.server === settings.server)!;
    const seedTexts = advertisedDescriptions(listed);
    if (Object.keys(seedTexts).length === 0) throw inputError(`server "${settings.server}" lists no tools, so there is nothing to optimize`);
    req.onCatalogue?.(host.catalogue().tools);
    const versionIds = Object.fromEntries(
      host.servers.map((s) => [s.server, store.recordVersion({ server: s.server, descriptions: advertisedDescriptions(s), origin: 'seed' }).id]),
    );
    const seedVersionId = versionIds[settings.server]!;
    let skipped: SkippedSeedEpisode[] = [];
    if (req.seedRuns !== undefined && req.resumeRunId === undefined) {
      const selection = seedSelection(req, { seedVersionId, target, condition: conditionLabel(conditions.values) });
      settings = { ...settings, seedEpisodes: selection.episodeIds };
      skipped = selection.skipped;
    }
    const opened = openRun(req, settings, versionIds, conditions.values);
    settings = opened.settings;
    // Before anything of the run is written, and before `run` is set: a second process resuming the same run
    // is refused here (TraceStoreError, naming the run and the lock) without marking the holder's run failed.
    lock = store.lockRun(opened.run.id);
    run = opened.run;
    const agentRuns = settings.agentRuns ?? [run.id];
    runIds = [...new Set([run.id, ...agentRuns])];
    req.onStart?.({ runId: run.id, resumed: req.resumeRunId !== undefined });
    setStatus('running');

    const { seedEpisodes } = settings;
    const seedResults = seedEpisodes && recordedSeedResults(store, { suite, server: settings.server, target, agentId: agent.id }, seedEpisodes);
    // one set of episode slots for the whole search: parallel mutations and the report's splits share them
    const slots = pLimit(settings.concurrency);
    const evaluators = agents.map(
      (agent, i) =>
        new McpEvaluator({
          store,
          host,
          agent,
          suite,
          runId: agentRuns[i]!,
          searchRunId: opened.run.id,
          server: settings.server,
          target,
          seed: settings.seed,
          concurrency: settings.concurrency,
          slots,
          ...(req.signal ? { signal: req.signal } : {}),
          ...(headersFor ? { headersFor } : {}),
          resumeCommand: (searchRunId: string) => resumeOf(req, searchRunId),
          ...(req.executor === undefined
            ? {}
            : {
                remote: {
                  executor: req.executor,
                  loaded,
                  versionIds: opened.run.versionIds,
                  conditions: conditions.values,
                  agentConfig: settings.agents?.[i] ?? settings.agent,
                },
              }),
        }),
    );
    const evaluator = new AgentsEvaluator(evaluators, instances);
    const stops: StopCondition[] = [];
    if (settings.patience !== undefined) stops.push(patience(settings.patience));
    if (req.stopFile !== undefined) stops.push(stopFile(req.stopFile));
    const result = await runEngine({
      seedTexts,
      trainTaskIds: instances.of(trainIds),
      valTaskIds: instances.of(valIds),
      // a task's pairs are drawn together, so a child is judged by every agent on the same tasks
      unitOf: instances.taskOf,
      ...(agents.length > 1 ? { objective: settings.objective === 'worst' ? worstGroup(instances.agentOf) : meanOfGroups(instances.agentOf) } : {}),
      evaluator,
      reflector: new ToolReflector({ server: settings.server, target, observed: settings.reflection }),
      proposer: proposerOutagesStopSearch(
        replayingProposer(withInputSchemas(req.proposer, Object.fromEntries(listed.tools.map((t) => [t.name, t.inputSchema]))), store, run.id),
        run.id,
        resumeOf(req, run.id),
      ),
      budget: settings.budget,
      seed: settings.seed,
      ...(seedResults ? { seedResults } : {}),
      ...(settings.honestyGate === true ? { gate: engineGate(req.gate!, settings.server) } : {}),
      minibatchSize: settings.minibatch,
      parallelIterations: settings.parallelIterations ?? 1,
      selector: settings.selector === 'best' ? bestSelector : paretoSelector,
      components: settings.componentChoice === 'round-robin' ? roundRobin() : failureAttribution(),
      stops,
      ...(settings.merge ? { merge: { maxMerges: 5, subsample: 5 } } : {}),
      journal: storeJournal(store, run.id),
      ...(req.onProgress ? { onProgress: req.onProgress } : {}),
    });

    const seed = result.pool[0]!;
    // Held-out splits after the search, each at fixed ordinals (seed, then best) so a resume finds them again;
    // all four at once, sharing the search's episode slots.
    const reportOn = async (taskIds: string[], c: Candidate, ordinal: number) =>
      req.reportTest === false || taskIds.length === 0 || result.interrupted
        ? null
        : await evaluator.evaluate({ ordinal, purpose: 'report', iteration: result.iterations, texts: c.texts, taskIds: instances.of(taskIds) });
    const bestIsSeed = result.best.id === seed.id;
    const [seedTest, bestTestRun, seedParaphrase, bestParaphraseRun] = await allOrFirstError([
      reportOn(testIds, seed, result.nextOrdinal),
      bestIsSeed ? null : reportOn(testIds, result.best, result.nextOrdinal + 1),
      reportOn(paraphraseIds, seed, result.nextOrdinal + 2),
      bestIsSeed ? null : reportOn(paraphraseIds, result.best, result.nextOrdinal + 3),
    ]);
    const bestTest = bestIsSeed ? seedTest : bestTestRun;
    const bestParaphrase = bestIsSeed ? seedParaphrase : bestParaphraseRun;
    const reportCalls = (seedTest?.length ?? 0) + (bestIsSeed ? 0 : (bestTest?.length ?? 0));
    const paraphraseCalls = (seedParaphrase?.length ?? 0) + (bestIsSeed ? 0 : (bestParaphrase?.length ?? 0));
    const scoresOf = (results: readonly TaskResult<ScoredEpisode>[] | null) => (results === null ? null : splitScores(results));
    const splitsOf = (c: Candidate, test: SplitResults['test'], paraphrase: SplitResults['paraphrase']): SplitResults => ({
      // every candidate in the pool was validated through this evaluator, in this process or in the replay of a resume
      val: evaluator.resultsOf(c.texts, instances.of(valIds)) ?? fail(`candidate ${c.id}'s validation results were not seen`),
      test,
      paraphrase,
    });

    const status = result.interrupted ? 'interrupted' : 'completed';
    const versionId = result.interrupted ? null : recordLineage(store, settings, run.id, result.pool, result.best.id, seedVersionId);
    const proposals = store.listProposals(run.id);
    const report: OptimizeReport = {
      runId: run.id,
      status,
      suite: suite.name,
      suitePath: req.loaded.path,
      server: settings.server,
      target: settings.target,
      agent: instances.agentIds.join(','),
      proposer: req.proposer.id,
      budget: settings.budget,
      budgetUsed: result.budgetUsed,
      reportCalls,
      paraphraseCalls,
      stopReason: result.interrupted ? interruptionReason(req.signal) : result.stopReason,
      iterations: result.iterations,
      poolSize: result.pool.length,
      proposals: { made: proposals.length, accepted: proposals.filter((p) => p.accepted === true).length },
      seedVersionId,
      conditions: conditions.values,
      seedData: seedResults ? { episodes: seedResults.length, otherAgent: seedResults.filter((r) => !r.comparable).length, skipped } : null,
      versionId,
      honestyGate: gateSummary(settings.honestyGate === true, proposals),
      proposalOutcomes: proposalOutcomes(proposals, suite.tasks, settings.server),
      addedWords: addedWords(seed.texts, result.best.texts, suite.tasks),
      seed: summarize(seed, scoresOf(seedTest), scoresOf(seedParaphrase)),
      best: summarize(result.best, scoresOf(bestTest), scoresOf(bestParaphrase)),
      ...(agents.length > 1
        ? {
            perAgent: perAgentReport(instances, agentRuns, settings.objective ?? 'mean', {
              seed: splitsOf(seed, seedTest, seedParaphrase),
              best: splitsOf(result.best, bestTest, bestParaphrase),
            }),
          }
        : {}),
      history: result.history,
    };
    if (versionId !== null)
      store.finishOptimizerRun(run.id, { bestVersionId: versionId, budgetUsed: result.budgetUsed, stopReason: result.stopReason, summary: report });
    setStatus(status);
    return report;
  } catch (err) {
    if (run !== undefined) setStatus(req.signal?.aborted ? 'interrupted' : 'failed');
    // stopped before the seed was validated or while the held-out splits were measured: no report, only the way on
    if (run !== undefined && err instanceof EvaluationInterrupted) {
      const why = interruptionReason(req.signal);
      const message = `optimize run ${run.id} was ${why === 'interrupted' ? 'interrupted' : `stopped by its ${why}`} before it had a result to report; continue it with \`${resumeOf(req, run.id)}\`${why === 'interrupted' ? '' : ' and a raised cap'}`;
      throw new TdoError('interrupted', message, { cause: err });
    }
    throw err;
  } finally {
    lock?.release();
    await host.close();
  }
}

/**
 * What a search's settings must satisfy on its suite, read from the two alone: the CLI checks it before it opens
 * the trace store, so a mistyped server leaves no new database behind, and optimize checks it again.
 */
export function checkSearch(loaded: LoadedSuite, settings: OptimizeSettings): void {
  const suite = loaded.suite;
  if (!suite.servers.some((s) => s.name === settings.server)) {
    throw inputError(`suite "${suite.name}" has no server "${settings.server}" (it connects ${suite.servers.map((s) => s.name).join(', ')})`);
  }
  if (settings.target === 'selection' && selectionCompetitors(suite, settings.server).length === 0)
    throw inputError(
      `--target selection scores the share of first choices that go to ${settings.server} against the suite's other servers, and suite "${suite.name}" has none: every first choice is ${settings.server}'s, so the seed scores 1 and the search measures nothing. Add a competing server to the suite, or use --target success`,
    );
  const count = (split: string) => suite.tasks.filter((t) => t.split === split).length;
  const [train, val] = [count('train'), count('val')];
  if (train === 0 || val === 0) throw inputError(`suite "${suite.name}" needs train and val tasks to optimize (it has ${train} train and ${val} val)`);
  if (settings.minibatch > train) throw inputError(`minibatch ${settings.minibatch} is larger than the ${train} train tasks of suite "${suite.name}"`);
  // every agent runs every task, so each task is as many metric calls as there are agents
  const agents = settings.agents?.length ?? 1;
  const [valCalls, batchCalls] = [val * agents, settings.minibatch * agents];
  const needed = minimumBudget(valCalls, batchCalls);
  if (settings.budget < needed) {
    const each = agents === 1 ? '' : ` (${agents} agents each)`;
    throw inputError(
      `budget ${settings.budget} is too small: the seed's validation takes ${valCalls} metric calls and one iteration ${2 * batchCalls}${each}; give --budget ${needed} or more`,
    );
  }
}

/**
 * Refuses a target the search cannot serve: the feedback target's rating tool needs an LLM agent and is served in
 * this process. Takes the agents' ids, so a caller can check before it builds them.
 */
export function checkTarget(target: TargetName, agentIds: readonly string[], { queued }: { queued: boolean }): void {
  if (target !== 'feedback') return;
  if (queued) throw inputError('the feedback target cannot run on queue workers yet: its rating tool is served in this process; drop --queue');
  const sim = agentIds.find(isSimAgentId);
  if (sim !== undefined) {
    const which = agentIds.length === 1 ? 'the sim agent' : `the sim agent ${sim}`;
    throw inputError(`the feedback target needs an LLM agent (--agent llm --model M): ${which} only models tool selection and cannot rate the tools it used`);
  }
}

function validate(req: OptimizeRequest): void {
  const { settings, loaded } = req;
  const suite = loaded.suite;
  const agents = req.agents ?? [req.agent];
  if (agents.length !== (settings.agents?.length ?? 1))
    throw new Error(`${agents.length} agents given for the ${settings.agents?.length ?? 1} in the settings`);
  checkSearch(loaded, settings);
  if (agents.length > 1 && req.seedRuns !== undefined)
    throw inputError('recorded episodes (--traces) can stand for the seed of a one-agent search only; drop --traces or give one --agent');
  if (settings.honestyGate === true && req.gate === undefined) throw new Error('settings.honestyGate is on but no gate was given');
  checkTarget(
    settings.target,
    agents.map((a) => a.id),
    { queued: req.executor !== undefined },
  );
  for (const agent of agents) {
    const refused = agent.refuse?.(suite.tasks);
    if (refused !== undefined) throw inputError(`suite "${suite.name}": ${refused}`);
  }
}

/** The recorded episodes that can stand for the seed; an error when none can, saying why each could not. */
function seedSelection(req: OptimizeRequest, seed: { seedVersionId: string; target: ReturnType<typeof targetFor>; condition: string | undefined }) {
  const { store, loaded, settings } = req;
  const runIds = req.seedRuns ?? [];
  const selection = selectSeedEpisodes(store, { suite: loaded.suite, server: settings.server, runIds, ...seed });
  if (selection.episodeIds.length === 0) {
    const why = selection.skipped.length === 0 ? 'they hold no episodes' : describeSkipped(selection.skipped);
    throw inputError(
      `none of the recorded episodes (runs ${runIds.join(', ') || '(none)'}) can stand for the seed of ${settings.server} on suite "${loaded.suite.name}": ${why}`,
    );
  }
  return selection;
}

/** The command that continues the search, as outage and interruption messages name it. */
function resumeOf(req: OptimizeRequest, runId: string): string {
  return req.resumeCommand?.(runId) ?? `tdo optimize --resume ${runId}`;
}

function fail(message: string): never {
  throw new Error(message);
}

/** A new run, or the interrupted one being resumed (checked to still describe the same search). */
function openRun(
  req: OptimizeRequest,
  settings: OptimizeSettings,
  versionIds: Record<string, string>,
  conditions: Record<string, string>,
): { run: RunRow; settings: OptimizeSettings } {
  const { store, loaded } = req;
  const agentIds = (req.agents ?? [req.agent]).map((a) => a.id);
  if (req.resumeRunId === undefined) {
    // `conditions` beside the search's settings, where traces' runCondition reads them for every kind of run
    const stored = (config: OptimizeSettings) => ({ kind: 'optimize', settings: { optimize: { ...config }, conditions } }) as const;
    const newRun = (agent: string, config: OptimizeSettings) =>
      store.createRun({
        ...stored(config),
        suite: loaded.suite.name,
        suitePath: loaded.path,
        agent,
        split: 'optimize',
        repeats: 1,
        seed: settings.seed,
        concurrency: settings.concurrency,
        versionIds,
      });
    const recordSearch = (runId: string) =>
      store.createOptimizerRun({ runId, target: settings.target, server: settings.server, seedVersionId: versionIds[settings.server]! });
    const run = newRun(agentIds.join(','), settings);
    // With several agents each agent's episodes live in a run of its own, recorded under its id: the (run,
    // task, evaluation) key stays unique and every episode reads as the agent's that ran it. An agent's run
    // is an optimize run too, so what skips optimize runs (measurements, `tdo run --resume`) skips it.
    const opened =
      agentIds.length === 1
        ? settings
        : {
            ...settings,
            agentRuns: agentIds.map((agent) => {
              const own = { ...settings, agentRunOf: run.id };
              const agentRun = newRun(agent, own);
              recordSearch(agentRun.id);
              return agentRun.id;
            }),
          };
    // the agents' run ids exist only now: the search's settings take them in
    if (opened !== settings) store.setRunSettings(run.id, stored(opened));
    recordSearch(run.id);
    return { run, settings: opened };
  }
  const run = store.getRun(req.resumeRunId);
  const optimizerRun = store.getOptimizerRun(req.resumeRunId);
  if (!run || !optimizerRun) throw inputError(`no optimize run "${req.resumeRunId}" in ${store.path}`);
  if (run.status === 'completed') throw inputError(`optimize run ${run.id} already completed; nothing to resume`);
  const changed = Object.keys(versionIds).filter((s) => run.versionIds[s] !== versionIds[s]);
  if (changed.length > 0) throw inputError(`cannot resume ${run.id}: the servers' own descriptions of ${changed.join(', ')} changed since it started`);
  if (agentIds.length > 1 && settings.agentRuns?.length !== agentIds.length)
    throw inputError(`cannot resume ${run.id}: it does not record a run for each of its ${agentIds.length} agents`);
  return { run, settings };
}

/** The request's gate in the engine's terms: the server's successful outputs in the parent's trajectories are the context. */
function engineGate(gate: HonestyGate, server: string): CandidateGate<ScoredEpisode> {
  return (parent, child, { results }) =>
    gate(parent, child, { toolResults: results.flatMap((r) => r.trace.calls.filter((c) => c.server === server && !c.isError).map((c) => c.output)) });
}

/** Counts the descriptions the gate refused, per rule, from the proposals' reasons ("<tool> lint: <rule>"). */
function gateSummary(on: boolean, proposals: ReadonlyArray<{ reason: string | null }>): OptimizeReport['honestyGate'] {
  const byRule: Record<string, number> = {};
  const refusal = new RegExp(`${GATE_REASON_PREFIX}([\\w-]+)`, 'g');
  for (const p of proposals) {
    for (const m of (p.reason ?? '').matchAll(refusal)) byRule[m[1]!] = (byRule[m[1]!] ?? 0) + 1;
  }
  return { on, rejected: Object.values(byRule).reduce((n, k) => n + k, 0), byRule };
}

function summarize(c: Candidate, test: SplitScores | null, paraphrase: SplitScores | null): CandidateSummary {
  return {
    candidate: c.id,
    val: { score: c.valMean, ...metricScores((name) => c.valMetrics[name] ?? 0), tasks: Object.keys(c.valScores).length },
    test,
    paraphrase,
    tokens: countDescriptionTokens({ ...c.texts }),
    descriptions: { ...c.texts },
  };
}

/** Saves the winner and its ancestors as description versions, parents first, so lineage points at real versions. */
function recordLineage(
  store: TraceStore,
  settings: OptimizeSettings,
  runId: string,
  pool: readonly Candidate[],
  bestId: number,
  seedVersionId: string,
): string {
  const versionOf = new Map<number, string>([[0, seedVersionId]]);
  const record = (id: number): string => {
    const known = versionOf.get(id);
    if (known !== undefined) return known;
    const c = pool[id]!;
    const parents = c.parents.map(record);
    const texts: Texts = c.texts;
    const version = store.recordVersion({
      server: settings.server,
      descriptions: { ...texts },
      origin: 'optimizer',
      originDetail: { run_id: runId, target: settings.target, candidate: id, made_by: c.origin, val_score: c.valMean },
      parents,
    });
    versionOf.set(id, version.id);
    return version.id;
  };
  return record(bestId);
}

/**
 * Why an interrupted search stopped: a stop that says why aborts its signal with the reason as a string (a cap:
 * "cost cap", src/models/spend.ts); Ctrl-C's abort says nothing more.
 */
function interruptionReason(signal: AbortSignal | undefined): string {
  return typeof signal?.reason === 'string' ? signal.reason : 'interrupted';
}
