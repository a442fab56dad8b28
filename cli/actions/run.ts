import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { loadSuite, storedSuitePath, type LoadedSuite } from '../../src/index.ts';
import { runSuite, type RunOptions, type RunReport } from '../../src/index.ts';
import { runSettings, type RunRow, type TraceStore } from '../../traces/index.ts';
import { agentKind, agentModels, checkAgent, describeAgent, type AgentConfig } from '../../src/index.ts';
import { agentSelection, agentWithDefaults, createAgent } from '../agents.ts';
import type { CliConfig } from '../config.ts';
import { EXIT } from '../errors.ts';
import { inputError } from '../../src/index.ts';
import { outageCause } from '../../src/index.ts';
import { resolveConditions } from '../../src/index.ts';
import { withStore } from '../context.ts';
import { refuseFixedWithResume } from '../option-table.ts';
import { settingsFromFlags } from '../settings-from-flags.ts';
import { storedRunConfigSchema, type StoredRunSettings } from '../stored-run-config.ts';
import { databasePath, dbFlag, refuseResumeWithoutDatabase } from '../database-path.ts';
import { startProgress } from '../progress.ts';
import { erroredListCommand, renderRunReport, runReportJson } from '../format/run-report.ts';
import { RUN_OPTIONS, type RunFlags } from '../tables/run.ts';
import { interruptible, type Interruption } from '../interrupt.ts';
import { checkQueue, openEpisodeQueue } from '../queue.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { resolveToolSearch } from '../../src/index.ts';
import { toJsonText } from '../../src/index.ts';
import type { SuiteCheck } from '../../src/index.ts';
import { announceSuiteCheck, printSuiteCheck } from '../suite-check.ts';
import { suiteCheckJson } from '../format/suite-check.ts';
import { checkCassetteFlags, checkModelEndpoint, checkSpendCaps, modelCassette, modelSpend, spentBefore } from '../model-clients.ts';

export async function runCommand(flags: RunFlags, command: Command): Promise<void> {
  // the run Ctrl-C leaves to resume: the one resumed, else the new one once it exists
  let runId = flags.resume;
  const interrupted = () =>
    runId === undefined
      ? 'interrupted before the run started: nothing to resume'
      : `run ${runId} interrupted: resume with \`tdo run --resume ${runId}${dbFlag(databasePath(flags))}\``;
  await interruptible(
    'stopping: finishing episodes in flight; resume later with --resume',
    (signal) => runAndReport(flags, command, signal, (id) => (runId = id)),
    interrupted,
  );
}

async function runAndReport(flags: RunFlags, command: Command, signal: AbortSignal, onRun: (runId: string) => void): Promise<void> {
  // a resumed run's input is in the store; a new run's is checked before the store is opened
  const check = async (config: CliConfig) => {
    if (flags.resume !== undefined) {
      // both before the store is opened: a refused resume leaves no database behind
      refuseFixedWithResume(command, RUN_OPTIONS);
      refuseResumeWithoutDatabase(flags, flags.resume);
    }
    const input = flags.resume === undefined ? newRun(flags, command, config) : { resume: flags.resume };
    checkCassetteFlags(flags);
    if (!('resume' in input)) {
      const models = agentModels([input.agentConfig]);
      checkSpendCaps(config, flags, models);
      // with --queue the workers make the agent's calls
      checkModelEndpoint(flags, flags.queue === undefined ? models : []);
    }
    await checkQueue(flags.queue);
    return input;
  };
  await withStore(flags, { mode: 'write', langfuse: true, check }, async (context, checked) => {
    if (flags.resume !== undefined) context.runId = flags.resume;
    const input = 'resume' in checked ? await resumedRun(context.store, checked.resume, flags, command, context.config) : checked;
    const report = await execute(context.store, flags, input, context.config, { signal, onRun });
    context.runId = report.run.runId;
    process.stdout.write(flags.json ? toJsonText({ ...runReportJson(report), suite_check: suiteCheckJson(report.suiteCheck) }) : renderRunReport(report));
    const outage = outageCause(report.run.errors, flags.maxErrorRate, erroredListCommand(report.run.runId, context.store.path));
    if (outage !== undefined) {
      // After the report, so what did run is on record; an outage is not a result, whatever the success rate says.
      process.stderr.write(
        `tdo: ${outage} Fix the cause, then run the errored episodes again with \`tdo run --resume ${report.run.runId}${dbFlag(context.store.path)}\`\n`,
      );
      process.exitCode = EXIT.outage;
    } else if (report.run.interruptedBy !== undefined) {
      process.stderr.write(
        `tdo: run ${report.run.runId} interrupted: ${report.run.interruptedBy}. Once it is back: \`tdo run --resume ${report.run.runId}${dbFlag(context.store.path)} --queue ${flags.queue}\`\n`,
      );
      // the queue is infrastructure: an outage, as when optimize or experiment lose it
      process.exitCode = EXIT.outage;
    } else if (report.run.status === 'interrupted') process.exitCode = EXIT.interrupted;
  });
}

/** What a run is made of: its suite, its options and its agent. */
interface RunInput {
  loaded: LoadedSuite;
  options: RunOptions;
  agentConfig: AgentConfig;
}

/** A new run's input, read from the flags and the config alone and checked (suite, conditions, agent) before the store is opened. */
function newRun(flags: RunFlags, command: Command, config: CliConfig): RunInput {
  if (flags.suite === undefined) throw inputError('tdo run needs --suite NAME|PATH (e.g. --suite lab) or --resume RUN_ID');
  // a version is recorded in a database: a database that does not exist yet holds none
  const path = databasePath(flags);
  if (flags.version.length > 0 && !existsSync(path))
    throw inputError(
      `no trace database at ${path}, so no description version ${flags.version.join(', ')}: point --db, TDO_DB or \`db\` in tdo.config.json at the one that records it`,
    );
  const loaded = loadSuite(flags.suite, config.refs);
  resolveConditions(loaded.suite, flags.condition);
  const agentConfig = agentWithDefaults(
    {
      ...agentSelection(flags.agent),
      ...(flags.model === undefined ? {} : { model: flags.model }),
      ...(flags.maxSteps === undefined ? {} : { maxSteps: flags.maxSteps }),
    },
    command.getOptionValueSource('agent') === 'cli',
    config,
  );
  checkAgent(agentConfig);
  return {
    loaded,
    options: settingsFromFlags(
      RUN_OPTIONS,
      flags,
      { toolSearch: resolveToolSearch({ mode: flags.toolSearch, k: flags.toolSearchK }, loaded.suite.toolSearch, config.loaded?.config.toolSearch) },
      storedRunConfigSchema.shape.options,
    ),
    agentConfig,
  };
}

/** A resumed run's input: its own stored settings, but for --concurrency. */
async function resumedRun(store: TraceStore, runId: string, flags: RunFlags, command: Command, config: CliConfig): Promise<RunInput> {
  const { run, stored } = await suiteRunToResume(store, runId);
  return {
    options: { ...stored.options, concurrency: command.getOptionValueSource('concurrency') === 'cli' ? flags.concurrency : stored.options.concurrency },
    agentConfig: stored.agent,
    loaded: loadSuite(storedSuitePath(run.suitePath, config.refs), config.refs),
  };
}

async function execute(store: TraceStore, flags: RunFlags, { loaded, options, agentConfig }: RunInput, config: CliConfig, interruption: Interruption) {
  const spend = modelSpend(config, flags, agentModels([agentConfig]), spentBefore(store, flags.resume === undefined ? [] : [flags.resume]));
  const cassette = await modelCassette(flags);
  const agent = createAgent(agentConfig, store, { reuseCache: flags.cache, rateLimiter: modelRateLimiter(flags, config), spend, cassette });

  // Before the run is created: an unreachable queue leaves nothing behind.
  const queue = flags.queue === undefined ? undefined : await openEpisodeQueue(flags.queue);
  const progress = startProgress();
  let suiteCheck: SuiteCheck | undefined;
  let suiteCheckText = '';
  try {
    const report: RunReport = await runSuite({
      store,
      loaded,
      agent,
      options,
      agentConfig: { ...agentConfig },
      // a cap stops the run as Ctrl-C does: episodes in flight finish, the rest wait for --resume
      signal: AbortSignal.any([interruption.signal, spend.signal]),
      maxErrorRate: flags.maxErrorRate,
      ...(flags.resume === undefined ? {} : { resumeRunId: flags.resume }),
      onCatalogue: (tools) => {
        ({ check: suiteCheck, text: suiteCheckText } = announceSuiteCheck(loaded.suite, [agent], tools, {
          server: loaded.suite.targetServer,
          episodesPerTestTask: options.repeats,
          resumed: flags.resume !== undefined,
        }));
      },
      onStart: ({ runId, total, done }) => {
        interruption.onRun(runId);
        printSuiteCheck(store, runId, suiteCheckText);
        progress.start(total, done);
      },
      onEpisode: (o) => progress.tick(o),
      ...(queue === undefined ? {} : { executor: queue.executor }),
    });
    // runSuite hands over its catalogue before it runs anything
    if (suiteCheck === undefined) throw new Error('the run reported before its catalogue was checked');
    return {
      run: report,
      suite: loaded.suite.name,
      agent: describeAgent(agent.id),
      agentId: agent.id,
      split: options.split,
      dbPath: store.path,
      suiteCheck,
      ...(spend.capReached === undefined ? {} : { capStop: spend.capReached }),
      spend: { spend: store.runSpend([report.runId]), simulated: { agent: agentKind(agentConfig).simulated } },
    };
  } finally {
    progress.stop();
    await queue?.close();
  }
}

/**
 * The suite run `--resume` may continue, with its stored settings. Runs that `tdo run` did not make (an
 * optimize run, an imported or a proxy-recorded run) are refused before anything is written: resuming
 * them as a suite run would add episodes that do not belong to them.
 */
async function suiteRunToResume(store: TraceStore, id: string): Promise<{ run: RunRow; stored: StoredRunSettings }> {
  const run = store.getRun(id);
  if (!run) throw inputError(`no run "${id}" in ${store.path}`, { see: { command: 'tdo traces list', dbPath: store.path } });
  if (run.kind === 'optimize') {
    throw inputError(
      `run ${id} is an optimize run, not a suite run; \`tdo run --resume\` would add episodes that belong to no candidate. Continue it with \`tdo optimize --resume ${id}${dbFlag(store.path)}\``,
    );
  }
  const imported = runSettings(run, 'imported');
  if (imported !== undefined) {
    const { sourceRun, baseUrl } = imported.imported;
    throw inputError(
      `run ${id} was imported from Langfuse (run ${sourceRun} at ${baseUrl}); it holds episodes run elsewhere and cannot be resumed here. To fetch episodes added there since, use \`tdo traces import --from langfuse --session ${sourceRun}${dbFlag(store.path)}\``,
    );
  }
  const stored = storedRunConfigSchema.safeParse(runSettings(run, 'suite', 'experiment'));
  if (!stored.success)
    throw inputError(
      `run ${id} (split "${run.split}", agent ${run.agentId}) was not made by \`tdo run\`: it stores no suite run settings, so it cannot be resumed as one`,
    );
  // A completed run with errored episodes (within --max-error-rate) may still run them again.
  if (run.status === 'completed' && store.runSummary(id).errors === 0) throw inputError(`run ${id} already completed; nothing to resume`);
  return { run, stored: stored.data };
}
