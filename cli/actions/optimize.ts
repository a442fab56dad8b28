import type { Command } from 'commander';
import { loadSuite, storedSuitePath, type LoadedSuite } from '../../src/index.ts';
import { resolveConditions, resolveToolSearch } from '../../src/index.ts';
import type { TraceStore } from '../../traces/index.ts';
import {
  loadStoredSettings,
  checkSearch,
  checkTarget,
  defaultHonestyGate,
  optimize,
  type OptimizeReport,
  type OptimizeRequest,
  type OptimizeSettings,
  proposerKind,
  type SearchEstimate,
} from '../../optimizer/index.ts';
import { startSearchProgress } from '../progress.ts';
import { agentIdOf, agentKind, checkAgent, type AgentConfig } from '../../src/index.ts';
import { checkSearchAgents, createAgent, searchAgentConfig } from '../agents.ts';
import type { CliConfig } from '../config.ts';
import { EXIT } from '../errors.ts';
import { inputError } from '../../src/index.ts';
import { withStore } from '../context.ts';
import { refuseFixedWithResume } from '../option-table.ts';
import { settingsFromFlags } from '../settings-from-flags.ts';
import { checkProposer, createProposer, proposerSelection } from '../proposers.ts';
import { searchModels, searchParts, type SearchParts } from '../search-parts.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { checkCassetteFlags, checkModelEndpoint, checkSpendCaps, configuredPrices, modelCassette, modelSpend, spentBefore } from '../model-clients.ts';
import { searchEstimate } from '../search-estimate.ts';
import { estimateJson, renderEstimate } from '../format/estimate.ts';
import { spendJson, type SpendParts } from '../format/spend.ts';
import { commandConfig } from '../context.ts';
import { connectSuiteHost } from '../../src/index.ts';
import type { CatalogueTool } from '../../src/index.ts';
import { OPTIMIZE_OPTIONS, type OptimizeFlags } from '../tables/optimize.ts';
import { interruptible, type Interruption } from '../interrupt.ts';
import { databasePath, refuseResumeWithoutDatabase } from '../database-path.ts';
import { langfuseConfigOrUsage, LANGFUSE_QUERY_NEEDED } from '../langfuse.ts';
import { checkQueue, openEpisodeQueue } from '../queue.ts';
import { toJsonText } from '../../src/index.ts';
import type { SuiteCheck } from '../../src/index.ts';
import { announceSuiteCheck, printSuiteCheck } from '../suite-check.ts';
import { suiteCheckJson } from '../format/suite-check.ts';
import { renderReport, reportJson, resumeCommand } from '../format/optimize-report.ts';

const { storedOptimizeSettings, optimizeSettingsSchema } = await loadStoredSettings();

export async function optimizeCommand(flags: OptimizeFlags, command: Command): Promise<void> {
  if (flags.dryRun === true) return await dryRun(flags, command);
  // a resumed search's settings are in the store; a new one's are checked before the store is opened
  const check = async (config: CliConfig) => {
    if (flags.resume !== undefined) {
      // both before the store is opened: a refused resume leaves no database behind
      refuseFixedWithResume(command, OPTIMIZE_OPTIONS);
      refuseResumeWithoutDatabase(flags, flags.resume);
    }
    const search = flags.resume === undefined ? newSearch(flags, command, config) : { resume: flags.resume };
    checkCassetteFlags(flags);
    if (!('resume' in search)) {
      checkSpendCaps(config, flags, searchModels(search.parts));
      // with --queue the workers make the agents' calls; the proposer's are always this process's
      checkModelEndpoint(flags, searchModels(flags.queue === undefined ? search.parts : { ...search.parts, agents: [] }));
    }
    await checkQueue(flags.queue);
    return search;
  };
  // the search Ctrl-C leaves to resume: the one resumed, else the new one once it exists
  let runId = flags.resume;
  const interrupted = () =>
    runId === undefined
      ? 'interrupted before the optimize run started: nothing to resume'
      : `optimize run ${runId} interrupted: continue it with \`${resumeCommand(runId, databasePath(flags))}\``;
  const stopping = 'stopping: finishing episodes in flight; everything so far is saved';
  await interruptible(stopping, (signal) => searchAndReport(flags, command, check, { signal, onRun: (id) => (runId = id) }), interrupted);
}

async function searchAndReport(
  flags: OptimizeFlags,
  command: Command,
  check: (config: CliConfig) => Promise<Search | { resume: string }>,
  interruption: Interruption,
): Promise<void> {
  await withStore(flags, { mode: 'write', langfuse: true, check }, async (context, checked) => {
    const { store, config } = context;
    if (flags.resume !== undefined) context.runId = flags.resume;
    const search = 'resume' in checked ? resumedSearch(store, checked.resume, flags, command, config.refs) : checked;
    const { report, suiteCheck, estimate } = await execute(store, flags, search, config, interruption);
    context.runId = report.runId;
    const spend = { spend: store.runSpend(searchRunIds(report)), simulated: spendParts(search.parts) };
    process.stdout.write(
      flags.json
        ? toJsonText({
            ...reportJson(report, store.path),
            spend: spendJson(spend.spend, spend.simulated),
            estimate: estimate === undefined ? null : estimateJson(estimate),
            suite_check: suiteCheckJson(suiteCheck),
          })
        : renderReport(report, store.path, spend, suiteCheck),
    );
    if (report.status === 'interrupted') process.exitCode = EXIT.interrupted;
  });
}

/** --dry-run: the estimate of a new search, from its suite's catalogue; no store is opened and no model is called. */
async function dryRun(flags: OptimizeFlags, command: Command): Promise<void> {
  if (flags.resume !== undefined) throw inputError('--dry-run estimates a new search; drop --resume (a resumed search replays what it recorded)');
  const config = commandConfig(flags);
  const { loaded, settings, parts } = newSearch(flags, command, config);
  // a cost cap without prices is refused here as the search would refuse it
  checkSpendCaps(config, flags, searchModels(parts));
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

/** Which of the search's parts are simulated (and so make no model calls). */
function spendParts({ agents, proposer }: SearchParts): SpendParts {
  return { agent: agents.every((a) => agentKind(a).simulated), proposer: proposerKind(proposer).simulated };
}

/** The search's run and, with several agents, each agent's run: where its model calls are recorded. */
function searchRunIds(r: OptimizeReport): string[] {
  return [r.runId, ...(r.perAgent?.agents.map((a) => a.runId) ?? [])];
}

/** What a search is made of: its suite, its settings and the agents and proposer they name. */
interface Search {
  loaded: LoadedSuite;
  settings: OptimizeSettings;
  parts: SearchParts;
}

/** A resumed search: its own stored settings, but for --concurrency. */
function resumedSearch(store: TraceStore, runId: string, flags: OptimizeFlags, command: Command, refs: Parameters<typeof loadSuite>[1]): Search {
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
    loaded: loadSuite(storedSuitePath(run.suitePath, refs), refs),
    parts: searchParts(stored, run.id),
  };
}

/** A new search, read from the flags and the config alone and checked against its suite (before the store is opened). */
function newSearch(flags: OptimizeFlags, command: Command, config: CliConfig): Search {
  if (flags.suite === undefined) throw inputError('tdo optimize needs --suite NAME|PATH (e.g. --suite lab) or --resume RUN_ID');
  const loaded = loadSuite(flags.suite, config.refs);
  const toolSearch = resolveToolSearch({ mode: flags.toolSearch, k: flags.toolSearchK }, loaded.suite.toolSearch, config.loaded?.config.toolSearch);
  const server = flags.server ?? loaded.suite.targetServer;
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
  for (const config of agentConfigs) checkAgent(config);
  checkTarget(flags.target, agentConfigs.map(agentIdOf), { queued: flags.queue !== undefined });
  const agent = agentConfigs[0]!;
  const proposer = proposerSelection(flags);
  checkProposer(proposer);
  const derived = {
    server,
    // the default never exceeds a small suite's train tasks; a --minibatch given is checked as given
    minibatch:
      command.getOptionValueSource('minibatch') === 'cli'
        ? flags.minibatch
        : Math.max(1, Math.min(flags.minibatch, loaded.suite.tasks.filter((t) => t.split === 'train').length)),
    ...(flags.parallelIterations === 1 ? {} : { parallelIterations: flags.parallelIterations }),
    merge: flags.merge === true,
    selector: 'pareto' as const,
    reflection: true,
    // stored only when on, so a search with every tool listed stores what it stored before deferred loading
    ...(toolSearch.mode === 'off' ? {} : { toolSearch }),
    honestyGate: flags.allowFlags === true ? false : flags.gate === true || defaultHonestyGate(flags.target),
    agent: { ...agent },
    proposer: { ...proposer },
    ...(flags.agents === undefined ? {} : { agents: flags.agents.map((a) => ({ ...a })), objective: flags.objective ?? 'mean' }),
  };
  const settings: OptimizeSettings = settingsFromFlags(OPTIMIZE_OPTIONS, flags, derived, optimizeSettingsSchema);
  checkSearch(loaded, settings);
  return { loaded, settings, parts: searchParts(settings) };
}

async function execute(
  store: TraceStore,
  flags: OptimizeFlags,
  { loaded, settings, parts }: Search,
  config: CliConfig,
  interruption: Interruption,
): Promise<{ report: OptimizeReport; suiteCheck: SuiteCheck; estimate: SearchEstimate | undefined }> {
  const seedRuns = flags.traces === 'langfuse' ? await importSeedRuns(store, flags) : undefined;
  // one limiter and one meter for the agent and the proposer: they draw on the same account; a resumed
  // search's caps count what it spent before
  const before = flags.resume === undefined ? [] : [flags.resume, ...(settings.agentRuns ?? [])];
  const spend = modelSpend(config, flags, searchModels(parts), spentBefore(store, before));
  const setup = { reuseCache: flags.cache, rateLimiter: modelRateLimiter(flags, config), spend, cassette: await modelCassette(flags) };
  const agents = parts.agents.map((a) => createAgent(a, store, setup));
  const proposer = createProposer(parts.proposer, store, setup);
  let estimate: SearchEstimate | undefined;

  // Before the run is created: an unreachable queue leaves nothing behind.
  const queue = flags.queue === undefined ? undefined : await openEpisodeQueue(flags.queue);
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
      // the gate and its rules in plain words are the lint's (experiments/), which the optimizer itself may not import
      ...(settings.honestyGate === true ? await honestyGate() : {}),
      ...(seedRuns === undefined ? {} : { seedRuns }),
      // a cap stops the search as Ctrl-C does, with the cap as the reason; --resume with a raised cap goes on
      signal: AbortSignal.any([interruption.signal, spend.signal]),
      ...(flags.resume === undefined ? {} : { resumeRunId: flags.resume }),
      ...(flags.stopFile === undefined ? {} : { stopFile: flags.stopFile }),
      ...(queue === undefined ? {} : { executor: queue.executor }),
      resumeCommand: (runId) => resumeCommand(runId, store.path),
      onStart: ({ runId }) => {
        interruption.onRun(runId);
        printSuiteCheck(store, runId, suiteCheckText);
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
    await queue?.close();
  }
}

/** Imports the seed's episodes from Langfuse (an infrastructure error when Langfuse cannot be read). */
/** The honesty gate and what it refuses, for the proposer to read; loaded only when the gate is on. */
async function honestyGate(): Promise<Pick<OptimizeRequest, 'gate' | 'gateRules'>> {
  const { lintGate, GATE_RULES } = await (await import('../../experiments/index.ts')).loadReview();
  return { gate: lintGate, gateRules: GATE_RULES };
}

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
