import type { Command } from 'commander';
import { loadSuite, resolveSuitePath, type LoadedSuite } from '../../suite/load.ts';
import { resolveConditions } from '../../run/conditions.ts';
import { conditionLabel, type TraceStore } from '../../../traces/index.ts';
import { describeSkipped } from '../../../optimizer/mcp/recorded-seed.ts';
import { storedOptimizeSettings } from '../../../optimizer/mcp/settings.ts';
import { PERFECT, SOLVED_EPISODES_IN_A_ROW, TRAIN_SOLVED } from '../../../optimizer/engine/engine.ts';
import { startSearchProgress } from '../progress.ts';
import {
  checkSearch,
  checkTarget,
  defaultHonestyGate,
  optimize,
  type CandidateSummary,
  type OptimizeReport,
  type OptimizeSettings,
  type SplitScores,
} from '../../../optimizer/mcp/optimize.ts';
import { agentIdOf, agentRecipe, checkSearchAgents, createAgent, describeAgent, searchAgentConfig, type AgentConfig } from '../agents.ts';
import type { CliConfig } from '../config.ts';
import { EXIT } from '../errors.ts';
import { inputError } from '../../errors.ts';
import { withStore } from '../context.ts';
import { refuseGivenWithResume } from '../options.ts';
import { dbFlag } from '../database-path.ts';
import { checkProposer, createProposer, proposerSelection, type ProposerConfig } from '../proposers.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { checkSpendCaps, configuredPrices, modelSpend, spentBefore } from '../model-clients.ts';
import { searchEstimate } from '../search-estimate.ts';
import type { SearchEstimate } from '../../../optimizer/mcp/estimate.ts';
import { estimateJson, renderEstimate } from '../format/estimate.ts';
import { spendJson, spendLine, type SpendParts } from '../format/spend.ts';
import { capFlag } from '../format/run-report.ts';
import type { RunSpend } from '../../../traces/index.ts';
import { commandConfig } from '../context.ts';
import { connectSuiteHost } from '../../run/suite-host.ts';
import type { CatalogueTool } from '../../host/catalogue-types.ts';
import { isSimAgentId } from '../../agents/sim/agent-id.ts';
import type { OptimizeFlags } from '../commands/optimize.ts';
import { interruptSignal } from '../interrupt.ts';
import { proposalOutcomesJson, proposalOutcomesLine } from '../format/proposal-outcomes.ts';
import { langfuseConfigOrUsage, LANGFUSE_QUERY_NEEDED } from '../langfuse.ts';
import { checkQueue, openEpisodeQueue } from '../queue.ts';
import { agentsHeader, agentsJson, agentsTable, anySimulated } from '../format/optimize-agents.ts';
import { toJsonText } from '../../json-keys.ts';
import { heldOutChanges, splitJson, successProportion } from '../format/optimize-intervals.ts';
import { changeWithInterval, percent } from '../../../experiments/format.ts';
import { wilson } from '../../../experiments/measure/wilson.ts';
import type { SuiteCheck } from '../../suite/check/suite-check.ts';
import { announceSuiteCheck, printSuiteCheck } from '../suite-check.ts';
import { heldOutPowerLines, suiteCheckJson } from '../format/suite-check.ts';

const SETTINGS_FIXED_BY_RESUME = [
  'target',
  'suite',
  'server',
  'budget',
  'agent',
  'agents',
  'objective',
  'model',
  'proposer',
  'proposerModel',
  'minibatch',
  'parallelIterations',
  'merge',
  'seed',
  'components',
  'patience',
  'condition',
  'traces',
  'session',
  'since',
  'gate',
  'allowFlags',
] as const;

/** The command that continues an optimize run recorded in the database at dbPath, run from here. */
function resumeCommand(runId: string, dbPath: string): string {
  return `tdo optimize --resume ${runId}${dbFlag(dbPath)}`;
}

export async function optimizeCommand(flags: OptimizeFlags, command: Command): Promise<void> {
  if (flags.dryRun === true) return await dryRun(flags, command);
  // a resumed search's settings are in the store; a new one's are checked before the store is opened
  const check = async (config: CliConfig) => {
    const search = flags.resume === undefined ? newSearch(flags, command, config.refs) : { resume: flags.resume };
    if (!('resume' in search)) checkSpendCaps(config, flags, modelsOf(search.settings));
    await checkQueue(flags.queue);
    return search;
  };
  await withStore(flags, { mode: 'write', langfuse: true, check }, async (context, checked) => {
    const { store, config } = context;
    if (flags.resume !== undefined) context.runId = flags.resume;
    const search = 'resume' in checked ? resumedSearch(store, checked.resume, flags, command, config.refs) : checked;
    const { report, suiteCheck, estimate } = await execute(store, flags, search, config);
    context.runId = report.runId;
    const spend = { spend: store.runSpend(searchRunIds(report)), simulated: spendParts(search.settings) };
    process.stdout.write(
      flags.json
        ? toJsonText({
            ...reportJson(report, store.path),
            spend: spendJson(spend.spend, spend.simulated),
            estimate: estimate === undefined ? null : estimateJson(estimate),
            suite_check: suiteCheckJson(suiteCheck),
          })
        : renderReport(report, store.path, spend),
    );
    if (report.status === 'interrupted') process.exitCode = EXIT.interrupted;
  });
}

/** --dry-run: the estimate of a new search, from its suite's catalogue; no store is opened and no model is called. */
async function dryRun(flags: OptimizeFlags, command: Command): Promise<void> {
  if (flags.resume !== undefined) throw inputError('--dry-run estimates a new search; drop --resume (a resumed search replays what it recorded)');
  const config = commandConfig(flags);
  const { loaded, settings } = newSearch(flags, command, config.refs);
  // a cost cap without prices is refused here as the search would refuse it
  checkSpendCaps(config, flags, modelsOf(settings));
  const { host } = await connectSuiteHost(loaded.suite, resolveConditions(loaded.suite, settings.conditions).effect);
  let tools: readonly CatalogueTool[];
  try {
    tools = host.catalogue().tools;
  } finally {
    await host.close();
  }
  const estimate = searchEstimate(loaded.suite, settings, tools, configuredPrices(config));
  process.stdout.write(
    flags.json
      ? toJsonText({ dry_run: true, estimate: estimateJson(estimate) })
      : `${renderEstimate(estimate)}dry run: nothing was run and no model endpoint was reached; drop --dry-run to start the search\n`,
  );
}

/** The agents that evaluate the candidates: --agents, else --agent. */
function agentConfigsOf(settings: OptimizeSettings): AgentConfig[] {
  return (settings.agents ?? [settings.agent]) as unknown as AgentConfig[];
}

/** Every model the search's agents and proposer call. */
function modelsOf(settings: OptimizeSettings): string[] {
  const agents = agentConfigsOf(settings);
  const proposer = settings.proposer as { kind: string; model?: string };
  return [
    ...agents.flatMap((a) => (a.kind === 'llm' && a.model !== undefined ? [a.model] : [])),
    ...(proposer.kind === 'llm' && proposer.model !== undefined ? [proposer.model] : []),
  ];
}

/** Which of the search's parts are simulated (and so make no model calls). */
function spendParts(settings: OptimizeSettings): SpendParts {
  return { agent: agentConfigsOf(settings).every((a) => a.kind === 'sim'), proposer: (settings.proposer as { kind: string }).kind === 'sim' };
}

/** The search's run and, with several agents, each agent's run: where its model calls are recorded. */
function searchRunIds(r: OptimizeReport): string[] {
  return [r.runId, ...(r.perAgent?.agents.map((a) => a.runId) ?? [])];
}

/** What a search is made of: its suite and its settings. */
interface Search {
  loaded: LoadedSuite;
  settings: OptimizeSettings;
}

/** A resumed search: its own stored settings, but for --concurrency. */
function resumedSearch(store: TraceStore, runId: string, flags: OptimizeFlags, command: Command, refs: Parameters<typeof loadSuite>[1]): Search {
  refuseGivenWithResume(command, SETTINGS_FIXED_BY_RESUME);
  const run = store.getRun(runId);
  const stored = run && storedOptimizeSettings(run);
  if (!run || !stored) throw inputError(`no optimize run "${runId}" in ${store.path}`);
  if (run.status === 'completed') throw inputError(`optimize run ${run.id} already completed; nothing to resume`);
  const searchOf = stored.agentRunOf;
  if (searchOf !== undefined)
    throw inputError(
      `run ${run.id} holds one agent's episodes of the several-agent optimize run ${searchOf}; resume that: \`${resumeCommand(searchOf, store.path)}\``,
    );
  return {
    settings: { ...stored, concurrency: command.getOptionValueSource('concurrency') === 'cli' ? flags.concurrency : stored.concurrency },
    loaded: loadSuite(run.suitePath, refs),
  };
}

/** A new search, read from the flags and the config alone and checked against its suite (before the store is opened). */
function newSearch(flags: OptimizeFlags, command: Command, refs: Parameters<typeof loadSuite>[1]): Search {
  if (flags.suite === undefined) throw inputError('tdo optimize needs --suite NAME|PATH (e.g. --suite lab) or --resume RUN_ID');
  const loaded = loadSuite(flags.suite, refs);
  const server = flags.server ?? loaded.suite.target;
  if (server === undefined)
    throw inputError(`suite "${loaded.suite.name}" names no target server; pass --server NAME (one of ${loaded.suite.servers.map((s) => s.name).join(', ')})`);
  if (flags.traces === undefined && (flags.session !== undefined || flags.since !== undefined))
    throw inputError('--session and --since choose recorded episodes: use them with --traces langfuse');
  if (flags.traces === 'langfuse') {
    if (flags.session === undefined && flags.since === undefined) throw inputError(`--traces langfuse: ${LANGFUSE_QUERY_NEEDED}`);
    langfuseConfigOrUsage();
  }
  resolveConditions(loaded.suite, flags.condition);
  if (flags.gate === true && flags.allowFlags === true) throw inputError('--gate turns the honesty gate on and --allow-flags turns it off: give one of them');
  checkSearchAgents(flags, command, 'evaluates the candidates');
  const agentConfigs: AgentConfig[] = flags.agents ?? [searchAgentConfig(flags)];
  for (const config of agentConfigs) agentRecipe(config);
  checkTarget(flags.target, agentConfigs.map(agentIdOf), { queued: flags.queue !== undefined });
  const agent = agentConfigs[0]!;
  const proposer = proposerSelection(flags);
  checkProposer(proposer);
  const settings: OptimizeSettings = {
    server,
    target: flags.target,
    budget: flags.budget,
    // the default never exceeds a small suite's train tasks; a --minibatch given is checked as given
    minibatch:
      command.getOptionValueSource('minibatch') === 'cli'
        ? flags.minibatch
        : Math.max(1, Math.min(flags.minibatch, loaded.suite.tasks.filter((t) => t.split === 'train').length)),
    ...(flags.parallelIterations === 1 ? {} : { parallelIterations: flags.parallelIterations }),
    merge: flags.merge === true,
    seed: flags.seed,
    componentChoice: flags.components,
    ...(flags.patience === undefined ? {} : { patience: flags.patience }),
    selector: 'pareto',
    reflection: true,
    concurrency: flags.concurrency,
    conditions: flags.condition,
    honestyGate: flags.allowFlags === true ? false : flags.gate === true || defaultHonestyGate(flags.target),
    agent: { ...agent },
    proposer: { ...proposer },
    ...(flags.agents === undefined ? {} : { agents: flags.agents.map((a) => ({ ...a })), objective: flags.objective ?? 'mean' }),
  };
  checkSearch(loaded, settings);
  return { loaded, settings };
}

async function execute(
  store: TraceStore,
  flags: OptimizeFlags,
  { loaded, settings }: Search,
  config: CliConfig,
): Promise<{ report: OptimizeReport; suiteCheck: SuiteCheck; estimate: SearchEstimate | undefined }> {
  const seedRuns = flags.traces === 'langfuse' ? await importSeedRuns(store, flags) : undefined;
  // one limiter and one meter for the agent and the proposer: they draw on the same account; a resumed
  // search's caps count what it spent before
  const before = flags.resume === undefined ? [] : [flags.resume, ...(settings.agentRuns ?? [])];
  const spend = modelSpend(config, flags, modelsOf(settings), spentBefore(store, before));
  const setup = { reuseCache: flags.cache, rateLimiter: modelRateLimiter(flags, config), spend };
  const agents = agentConfigsOf(settings).map((a) => createAgent(a, store, setup));
  const proposer = createProposer(settings.proposer as unknown as ProposerConfig, store, setup);
  let estimate: SearchEstimate | undefined;

  // Before the run is created: an unreachable queue leaves nothing behind.
  const queue = flags.queue === undefined ? undefined : await openEpisodeQueue(flags.queue);
  const interrupt = interruptSignal('stopping: finishing episodes in flight; everything so far is saved');
  const progress = startSearchProgress();
  let suiteCheck: SuiteCheck | undefined;
  let suiteCheckText = '';
  try {
    const report = await optimize({
      store,
      loaded,
      agent: agents[0]!,
      ...(agents.length > 1 ? { agents } : {}),
      proposer,
      settings,
      // the gate is built from the lint (experiments/), which the optimizer itself may not import
      ...(settings.honestyGate === true ? { gate: (await import('../../../experiments/review/lint/gate.ts')).lintGate } : {}),
      ...(seedRuns === undefined ? {} : { seedRuns }),
      // a cap stops the search as Ctrl-C does, with the cap as the reason; --resume with a raised cap goes on
      signal: AbortSignal.any([interrupt.signal, spend.signal]),
      ...(flags.resume === undefined ? {} : { resumeRunId: flags.resume }),
      ...(flags.stopFile === undefined ? {} : { stopFile: flags.stopFile }),
      ...(queue === undefined ? {} : { executor: queue.executor }),
      resumeCommand: (runId) => resumeCommand(runId, store.path),
      onStart: ({ runId }) => {
        printSuiteCheck(suiteCheckText);
        process.stderr.write(
          `optimize run ${runId}${flags.resume ? ' (resumed)' : ''}: resume with \`${resumeCommand(runId, store.path)}\` if it is stopped\n`,
        );
      },
      onCatalogue: (tools) => {
        const opts = {
          server: settings.server,
          episodesPerTestTask: agents.length,
          search: { selection: settings.target === 'selection' },
          resumed: flags.resume !== undefined,
        };
        ({ check: suiteCheck, text: suiteCheckText } = announceSuiteCheck(loaded.suite, agents, tools, opts));
        if (flags.resume === undefined) {
          estimate = searchEstimate(loaded.suite, settings, tools, configuredPrices(config));
          process.stderr.write(renderEstimate(estimate));
        }
      },
      onProgress: (p) => progress.update(p),
    });
    // optimize hands over the seed's catalogue before it runs anything
    if (suiteCheck === undefined) throw new Error('the search reported before its catalogue was checked');
    return { report, suiteCheck, estimate };
  } finally {
    progress.stop();
    interrupt.release();
    await queue?.close();
  }
}

/** Imports the seed's episodes from Langfuse (an infrastructure error when Langfuse cannot be read). */
async function importSeedRuns(store: TraceStore, flags: OptimizeFlags): Promise<string[]> {
  const { importMatching, renderImport } = await import('./traces-langfuse.ts');
  const config = langfuseConfigOrUsage();
  const report = await importMatching(store, config, flags);
  process.stderr.write(renderImport(report, config));
  if (report.runs.length === 0)
    throw inputError(
      `--traces langfuse: no tdo episodes at ${config.baseUrl} match ${flags.session === undefined ? '' : `--session ${flags.session} `}${flags.since === undefined ? '' : `--since ${flags.since.toISOString()}`}`.trim(),
    );
  return report.runs.map((r) => r.runId);
}

function candidateJson(c: CandidateSummary) {
  const headline = c.test ?? c.val;
  return {
    candidate: c.candidate,
    // held-out test split when the suite has one, else validation
    split: c.test ? 'test' : 'val',
    success_rate: headline.success_rate,
    first_choice_share: headline.first_choice_share,
    used_server: headline.used_server,
    score: headline.score,
    tokens: c.tokens,
    val: splitJson(c.val),
    test: splitJson(c.test),
    // only when the suite has a paraphrase split (and the run finished)
    ...(c.paraphrase ? { paraphrase: splitJson(c.paraphrase) } : {}),
    descriptions: c.descriptions,
  };
}

export function reportJson(r: OptimizeReport, dbPath: string) {
  return {
    run_id: r.runId,
    status: r.status,
    version_id: r.versionId,
    seed_version_id: r.seedVersionId,
    suite: r.suite,
    server: r.server,
    conditions: r.conditions,
    target: r.target,
    agent: r.agent,
    proposer: r.proposer,
    simulated: agentSimulated(r) || r.proposer === 'sim',
    budget: r.budget,
    budget_used: r.budgetUsed,
    report_calls: r.reportCalls,
    ...(r.seed.paraphrase ? { paraphrase_calls: r.paraphraseCalls } : {}),
    stop_reason: r.stopReason,
    iterations: r.iterations,
    pool_size: r.poolSize,
    proposals: r.proposals,
    honesty_gate: gateOf(r).on,
    gate_rejected: gateOf(r).rejected,
    gate_rejected_by_rule: gateOf(r).byRule,
    proposal_outcomes: proposalOutcomesJson(r),
    seed: candidateJson(r.seed),
    best: candidateJson(r.best),
    // best - seed on each held-out split: delta with its 95% Newcombe interval
    success_change: heldOutChanges(r.seed, r.best),
    token_delta: r.best.tokens - r.seed.tokens,
    added_words: addedWordsJson(r),
    seed_data:
      r.seedData === null
        ? null
        : {
            episodes: r.seedData.episodes,
            other_agent: r.seedData.otherAgent,
            skipped: r.seedData.skipped.length,
            skipped_why: describeSkipped(r.seedData.skipped),
          },
    ...(r.perAgent ? { per_agent: agentsJson(r.perAgent) } : {}),
    db: dbPath,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Below this many validation episodes a perfect score's 95% interval reaches below 72%. */
const FEW_VAL_EPISODES = 10;

/** Why a perfect seed ends the search, and how little a perfect score on a small validation split proves. */
/** Why an early stop kept the rest of the budget, and what the suite needs for the search to go on. */
function stopNote(r: OptimizeReport): string {
  if (r.stopReason === PERFECT) return perfectNote(r);
  if (r.stopReason === TRAIN_SOLVED)
    return ` (every train task succeeded, at least ${SOLVED_EPISODES_IN_A_ROW} train episodes in a row; the proposer learns only from failed train tasks, so the rest of the budget was kept${r.best.val.score < 1 ? `; the best candidate scores ${percent(r.best.val.score)} on val: add train tasks like the val tasks it fails` : ''})`;
  return '';
}

function perfectNote(r: OptimizeReport): string {
  const episodes = r.best.val.tasks;
  const few =
    episodes < FEW_VAL_EPISODES
      ? `; on ${episodes} episodes a perfect score proves little (its 95% interval reaches down to ${percent(wilson(episodes, episodes).low, 0)}): add val tasks to the suite`
      : '';
  return ` (the best candidate scored 1 on every validation task; nothing could beat it, so the rest of the budget was kept${few})`;
}

/** "72.7% [52%, 87%]" padded to the column: the rate with its Wilson interval, as `tdo experiment` gives it. */
const SUCCESS_WIDTH = 19;
const successCell = (scores: SplitScores) => {
  const p = successProportion(scores);
  // the rate right-aligned, so rates line up down the column whatever their interval
  return (p.rate === null ? '–' : `${pct(p.rate).padStart(6)} [${percent(p.low, 0)}, ${percent(p.high, 0)}]`).padEnd(SUCCESS_WIDTH);
};

/** The winner's change in success on the held-out splits, with Newcombe's interval; none when the seed won. */
function changeLine(r: OptimizeReport): string[] {
  if (r.versionId === r.seedVersionId) return [];
  const changes = Object.entries(heldOutChanges(r.seed, r.best)).map(([split, c]) => `    ${split.padEnd(10)}  ${changeWithInterval(c)}`);
  return changes.length === 0
    ? []
    : ['  best against seed, success on the splits the search never saw (95% intervals):', ...changes, ...heldOutPowerLines(r.seed, r.best)];
}

export function renderReport(r: OptimizeReport, dbPath: string, spend: { spend: RunSpend; simulated: SpendParts }): string {
  const rows = (label: string, s: CandidateSummary) =>
    (
      [
        ['val', s.val],
        ['test', s.test],
        ['paraphrase', s.paraphrase],
      ] as const
    ).flatMap(([split, scores], i) =>
      scores === null
        ? []
        : [
            `  ${(i === 0 ? label : '').padEnd(5)} ${split.padEnd(10)} ${successCell(scores)}  ${pct(scores.first_choice_share).padStart(18)}  ${pct(scores.used_server).padStart(11)}${i === 0 ? `  ${String(s.tokens).padStart(6)}` : ''}`,
          ],
    );
  const simulated = [agentSimulated(r) ? (r.perAgent ? 'agents' : 'agent') : '', r.proposer === 'sim' ? 'proposer' : ''].filter(Boolean);
  const proposer = `proposer ${r.proposer === 'sim' ? 'sim (rule-based edits read off the trajectories, not an LLM)' : r.proposer}`;
  const lines = [
    `optimize run ${r.runId} (${r.status})  suite ${r.suite}  server ${r.server}  target ${r.target}`,
    ...(Object.keys(r.conditions).length > 0 ? [`conditions ${conditionLabel(r.conditions)}`] : []),
    ...(r.seedData === null ? [] : [seedDataLine(r.seedData)]),
    ...(r.perAgent ? [...agentsHeader(r.perAgent), proposer] : [`agent ${describeAgent(r.agent)}  ${proposer}`]),
    ...(simulated.length > 0 ? [`note: simulated ${simulated.join(' and ')}; these numbers are not LLM results`] : []),
    `budget ${r.budgetUsed}/${r.budget} metric calls (+${r.reportCalls} for the test report${r.seed.paraphrase ? `, +${r.paraphraseCalls} for the paraphrase report` : ''}), ${r.iterations} iterations, ${r.proposals.accepted}/${r.proposals.made} proposals accepted, pool ${r.poolSize}; stopped: ${r.stopReason}${stopNote(r)}`,
    spendLine(spend.spend, spend.simulated),
    gateLine(r),
    ...proposalOutcomesLine(r),
    `  ${''.padEnd(16)} ${'success [95% CI]'.padEnd(SUCCESS_WIDTH)}  ${'first-choice share'.padStart(18)}  ${'used server'.padStart(11)}  ${'tokens'.padStart(6)}   shares of ${r.server}${r.perAgent ? ', over every (task, agent) pair' : ''}`,
    ...rows('seed', r.seed),
    ...rows('best', r.best),
    ...changeLine(r),
    `  token delta ${r.best.tokens - r.seed.tokens >= 0 ? '+' : ''}${r.best.tokens - r.seed.tokens}`,
    ...addedWordsLine(r),
    ...(r.perAgent ? agentsTable(r.perAgent, r.target) : []),
  ];
  if (r.versionId === null) {
    const cap = r.stopReason === 'cost cap' || r.stopReason === 'token cap' ? r.stopReason : undefined;
    lines.push(
      cap === undefined
        ? `interrupted: continue with \`${resumeCommand(r.runId, dbPath)}\``
        : `stopped at the ${cap}, everything so far recorded: raise it and continue with \`${resumeCommand(r.runId, dbPath)} ${capFlag(cap)} N\``,
    );
  } else {
    const suite = suiteArgument(r);
    const db = dbFlag(dbPath);
    lines.push(
      r.versionId === r.seedVersionId
        ? `no candidate beat the seed on validation; the best version is the seed ${r.versionId}`
        : `versions: seed ${r.seedVersionId} -> best ${r.versionId} (saved in ${dbPath})`,
      'best descriptions:',
      ...Object.entries(r.best.descriptions).map(([tool, text]) => `  ${tool}: ${text}`),
      'next:',
      ...(r.versionId === r.seedVersionId
        ? []
        : [
            `  \`tdo diff ${r.seedVersionId} ${r.versionId}${db}\`   what changed, lint flags gained and lost`,
            `  \`tdo experiment --suite ${suite} --version ${r.seedVersionId},${r.versionId}${db}\`   both on the test split, with intervals`,
          ]),
      `  \`tdo run --suite ${suite} --version ${r.versionId}${db}\`   run the suite with it`,
      ...(r.perAgent
        ? r.perAgent.agents.map((a) => `  \`tdo traces list --run ${a.runId}${db}\`   the search's episodes of ${a.agent}`)
        : [`  \`tdo traces list --run ${r.runId}${db}\`   the search's episodes`]),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Whether the search's agent, or any of its agents, is simulated. */
function agentSimulated(r: OptimizeReport): boolean {
  return r.perAgent ? anySimulated(r.perAgent) : isSimAgentId(r.agent);
}

/** Reports stored before it was measured have no addedWords. */
function addedWordsJson(r: OptimizeReport) {
  const w = r.addedWords as OptimizeReport['addedWords'] | undefined;
  if (w === undefined) return null;
  return { count: w.added.length, train_only: w.trainOnly, train_only_share: w.added.length === 0 ? 0 : w.trainOnly.length / w.added.length };
}

function addedWordsLine(r: OptimizeReport): string[] {
  const w = addedWordsJson(r);
  if (w === null || w.count === 0) return [];
  const only = w.train_only.length === 0 ? '' : `: ${w.train_only.join(', ')}`;
  return [`  words added ${w.count} (stemmed), ${w.train_only.length} (${pct(w.train_only_share)}) found only in train tasks${only}`];
}

/** Reports stored before the gate existed have no honestyGate: it was off. */
function gateOf(r: OptimizeReport): OptimizeReport['honestyGate'] {
  return (r.honestyGate as OptimizeReport['honestyGate'] | undefined) ?? { on: false, rejected: 0, byRule: {} };
}

function gateLine(r: OptimizeReport): string {
  const { on, rejected, byRule } = gateOf(r);
  if (!on)
    return `honesty gate off${r.target === 'selection' ? ' (default under --target selection; --gate turns it on)' : ' (--allow-flags)'}: candidates that gain lint warnings or errors were run like any other`;
  const rules = Object.entries(byRule)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  return `honesty gate on (--allow-flags turns it off): ${rejected} proposed description${rejected === 1 ? '' : 's'} refused before being run for gaining a lint warning or error, the parent's text kept${rules === '' ? '' : ` (${rules})`}`;
}

function seedDataLine(data: NonNullable<OptimizeReport['seedData']>): string {
  const skipped = data.skipped.length === 0 ? '' : `; ${data.skipped.length} not used (${describeSkipped(data.skipped)})`;
  const scored =
    data.otherAgent === 0 ? 'instead of running it' : `(${data.otherAgent} recorded by another agent: the seed was run on those tasks for its scores)`;
  return `the seed's first reflections read ${data.episodes} recorded episodes ${scored}${skipped}`;
}

/** The suite as `--suite` takes it: a shipped suite by name, any other by its file's path. */
function suiteArgument(r: OptimizeReport): string {
  if (r.suitePath === undefined) return r.suite;
  try {
    return resolveSuitePath(r.suite) === r.suitePath ? r.suite : r.suitePath;
  } catch {
    return r.suitePath;
  }
}
