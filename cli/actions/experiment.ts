import type { Command } from 'commander';
import { infrastructureError, inputError, isTdoError, loadSuite, toJsonText, type LoadedSuite, type ModelSpend } from '../../src/index.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import { experimentToolSearch } from '../tool-search.ts';
import {
  agentSentence,
  defaultReportDir,
  experimentReportJson,
  loadExperimentRunner,
  resolveVersion,
  verdictSentence,
  writeExperimentReports,
  type AgentsExperimentReport,
  type ExperimentReport,
  type WrittenReports,
} from '../../experiments/index.ts';
import { agentModels, checkAgent, type AgentConfig } from '../../src/index.ts';
import { agentSelection, createAgent } from '../agents.ts';
import { EXPERIMENT_OPTIONS, type ExperimentFlags } from '../tables/experiment.ts';
import { settingsFromFlags } from '../settings-from-flags.ts';
import { storedRunConfigSchema } from '../stored-run-config.ts';
import { withStore } from '../context.ts';
import type { CliConfig } from '../config.ts';
import { databasePath } from '../database-path.ts';
import { EXIT } from '../errors.ts';
import { interruptible } from '../interrupt.ts';
import { startProgress } from '../progress.ts';
import { checkQueue, openEpisodeQueue } from '../queue.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { checkCassetteFlags, checkModelEndpoint, modelCassette, modelSpend } from '../model-clients.ts';
import { agentsSpendJson, agentsSpendLine, spendJson, spendLine, type AgentSpend } from '../format/spend.ts';
import { capFlag } from '../format/run-report.ts';

const { checkExperimentOptions, runExperiment, runAgentsExperiment } = await loadExperimentRunner();

/** Every run the experiment made, held-out and paraphrase splits alike. */
function experimentRunIds(report: ExperimentReport): string[] {
  return report.suites.flatMap((s) => [...s.results, ...(s.paraphrase?.results ?? [])].map((r) => r.runId));
}

const EXIT_BY_VERDICT = { error: EXIT.outage, interrupted: EXIT.interrupted, regression: EXIT.failure, pass: EXIT.ok } as const;

/** What is checked before the store is opened: refused input leaves no new database behind. */
interface CheckedExperiment {
  suites: LoadedSuite[];
  agentConfigs: AgentConfig[];
  toolSearch: ReturnType<typeof experimentToolSearch>;
}

export async function experimentCommand(flags: ExperimentFlags, command: Command): Promise<void> {
  const versionRefs = checkExperimentFlags(flags, command);
  const interrupted = () => 'experiment interrupted: the episodes run so far are recorded; run the experiment again';
  await interruptible('stopping: finishing episodes in flight', (signal) => experimentAndReport(flags, versionRefs, signal), interrupted);
}

async function experimentAndReport(flags: ExperimentFlags, versionRefs: string[], interrupt: AbortSignal): Promise<void> {
  const check = (config: CliConfig) => checkExperimentInput(flags, config);
  await withStore(flags, { mode: 'update', langfuse: true, check }, async ({ store, config }, checked) => {
    // Before any run is created: an unreachable queue leaves nothing behind.
    const queue = flags.queue === undefined ? undefined : await openEpisodeQueue(flags.queue);
    const progress = startProgress();
    try {
      // one meter over every run of the experiment: a cap stops the experiment where it is
      const llmModels = agentModels(checked.agentConfigs);
      const spend = modelSpend(config, flags, llmModels);
      const setup = { reuseCache: flags.cache, rateLimiter: modelRateLimiter(flags, config), spend, cassette: await modelCassette(flags) };
      const agents = checked.agentConfigs.map((agentConfig) => ({ agent: createAgent(agentConfig, store, setup), agentConfig: { ...agentConfig } }));
      const settings = experimentSettings(
        flags,
        checked,
        versionRefs.map((ref) => resolveVersion(store, ref)),
      );
      const common = {
        store,
        signal: AbortSignal.any([interrupt, spend.signal]),
        ...(queue === undefined ? {} : { executor: queue.executor }),
        ...progressHooks(progress),
      };
      const outcome =
        agents.length > 1
          ? await runAcrossAgents({ flags, store, spend }, settings, {
              ...common,
              agents,
              onAgentStart: (agent) => process.stderr.isTTY && process.stderr.write(`agent ${agent}\n`),
            })
          : await runOneAgent({ flags, store, spend }, settings, { ...common, ...agents[0]! });
      progress.stop();
      if (spend.capReached !== undefined)
        process.stderr.write(
          `tdo: stopped: ${spend.capReached}; the episodes run so far are recorded. Run the experiment again with a raised ${capFlag(spend.capReached)}.\n`,
        );
      if (outcome.verdict === 'error') process.stderr.write(`tdo: ${outcome.verdictSentence} Fix the cause and run the experiment again.\n`);
      process.exitCode = EXIT_BY_VERDICT[outcome.verdict];
    } finally {
      progress.stop();
      await queue?.close();
    }
  });
}

/** The flags that contradict each other or are missing, refused first; the version references to resolve. */
function checkExperimentFlags(flags: ExperimentFlags, command: Command): string[] {
  if (flags.agents !== undefined && command.getOptionValueSource('agent') === 'cli')
    throw inputError('--agent and --agents both choose who runs the versions: give one of them');
  if (flags.agents !== undefined && flags.model !== undefined) throw inputError('with --agents, name each LLM agent as llm:MODEL instead of --model');
  if (flags.suite.length === 0) throw inputError('tdo experiment needs --suite NAME[,NAME] (e.g. --suite lab)');
  // --versions is the old spelling of --version, kept as a hidden alias
  const versionRefs = [...flags.version, ...flags.versions];
  if (versionRefs.length === 0)
    throw inputError('tdo experiment needs --version A[,B,...]; the first is the baseline', { see: { command: 'tdo versions', dbPath: databasePath(flags) } });
  return versionRefs;
}

/** The suites, options, agents, cassette paths, model endpoint and queue, checked before the store is opened. */
async function checkExperimentInput(flags: ExperimentFlags, config: CliConfig): Promise<CheckedExperiment> {
  const suites = flags.suite.map((s) => loadSuite(s, config.refs));
  const toolSearch = experimentToolSearch(flags, suites, config);
  checkExperimentOptions({ suites, conditions: flags.condition, threshold: flags.threshold, maxErrorRate: flags.maxErrorRate });
  const agentConfigs = experimentAgents(flags);
  for (const agentConfig of agentConfigs) checkAgent(agentConfig);
  checkCassetteFlags(flags);
  // with --queue the workers make the agents' calls
  if (flags.queue === undefined) checkModelEndpoint(flags, agentModels(agentConfigs));
  await checkQueue(flags.queue);
  return { suites, agentConfigs, toolSearch };
}

function experimentSettings(flags: ExperimentFlags, checked: CheckedExperiment, versions: VersionRow[]) {
  return {
    suites: checked.suites,
    versions,
    ...settingsFromFlags(EXPERIMENT_OPTIONS, flags, {}, storedRunConfigSchema.shape.options),
    threshold: flags.threshold,
    maxErrorRate: flags.maxErrorRate,
    toolSearch: checked.toolSearch,
  };
}

/** The progress bar per run, and on a terminal the suite and version it measures. */
function progressHooks(progress: ReturnType<typeof startProgress>) {
  return {
    onRunStart: ({ suite, version, total, split }: { suite: string; version: string; total: number; split: string }) => {
      progress.stop();
      if (process.stderr.isTTY) process.stderr.write(`${suite}${split === 'test' ? '' : ` (${split})`}: ${version}\n`);
      progress.start(total, 0);
    },
    onEpisode: (episode: { status: 'completed' | 'error'; success: boolean }) => progress.tick(episode),
  };
}

type ExperimentRunner = Awaited<ReturnType<typeof loadExperimentRunner>>;
type Settings = Parameters<ExperimentRunner['runExperiment']>[0];

/** What the command ends with once the reports are written: the verdict and, for an error, its sentence. */
interface Outcome {
  verdict: ExperimentReport['verdict'];
  verdictSentence: string;
}

// A server that does not start is not a regression verdict: say which command it stopped.
const couldNotRun = (err: unknown): never => {
  throw isTdoError(err, 'infrastructure') ? infrastructureError(`the experiment could not run: ${err.message}`, { cause: err }) : err;
};

const reportPaths = (written: WrittenReports) => `reports: ${written.markdown}\n         ${written.json}\n         ${written.html}\n`;

/** Where the store keeps the experiments, and the command that shows them. */
const storedLine = (ids: readonly string[], store: TraceStore) =>
  `stored as experiment ${ids.join(', ')}: \`tdo view --db ${store.path}\` shows ${ids.length === 1 ? 'it' : 'them'} under /experiments\n`;

/** Where a finished experiment's reports go and what it spent. */
interface Ending {
  flags: ExperimentFlags;
  store: TraceStore;
  spend: ModelSpend;
}

async function runOneAgent(ending: Ending, settings: Settings, run: Parameters<ExperimentRunner['runExperiment']>[1]): Promise<Outcome> {
  const { flags, store } = ending;
  const report = await runExperiment(settings, run).catch(couldNotRun);
  const written = writeExperimentReports(report, flags.out ?? defaultReportDir());
  const spent = { spend: store.runSpend(experimentRunIds(report)), simulated: { agent: report.agent.simulated } };
  if (flags.json)
    process.stdout.write(
      toJsonText({ ...experimentReportJson(report), spend: spendJson(spent.spend, spent.simulated), stopped: ending.spend.capReached ?? null }),
    );
  else {
    const { renderExperimentSummary } = await import('../../experiments/index.ts');
    process.stdout.write(
      `${renderExperimentSummary(report)}${agentSentence(report)}\n${verdictSentence(report)}\n${spendLine(spent.spend, spent.simulated)}\n${reportPaths(written)}${storedLine([report.id], store)}`,
    );
  }
  return { verdict: report.verdict, verdictSentence: verdictSentence(report) };
}

async function runAcrossAgents(ending: Ending, settings: Settings, run: Parameters<ExperimentRunner['runAgentsExperiment']>[1]): Promise<Outcome> {
  const { flags, store } = ending;
  const report = await runAgentsExperiment(settings, run).catch(couldNotRun);
  const written = writeExperimentReports(report, flags.out ?? defaultReportDir());
  const spent = agentsSpend(store, report);
  const { renderAgentsExperimentSummary, agentsVerdictSentence } = await import('../../experiments/index.ts');
  if (flags.json)
    process.stdout.write(toJsonText({ ...experimentReportJson(report), spend: agentsSpendJson(spent), stopped: ending.spend.capReached ?? null }));
  else
    process.stdout.write(
      `${renderAgentsExperimentSummary(report)}${agentsSpendLine(spent)}\n${reportPaths(written)}${storedLine(
        report.experiments.map((e) => e.id),
        store,
      )}`,
    );
  return { verdict: report.verdict, verdictSentence: agentsVerdictSentence(report) };
}

/** Each agent that ran, with what its runs spent. */
function agentsSpend(store: TraceStore, report: AgentsExperimentReport): AgentSpend[] {
  return report.experiments.map((e) => ({ agent: e.agent.id, spend: store.runSpend(experimentRunIds(e)).agent, simulated: e.agent.simulated }));
}

/** The agents that measure the versions: --agents, else --agent (with --model), each with --max-steps. */
function experimentAgents(flags: ExperimentFlags): AgentConfig[] {
  return (flags.agents ?? [{ ...agentSelection(flags.agent), ...(flags.model === undefined ? {} : { model: flags.model }) }]).map((a) => ({
    ...a,
    ...(flags.maxSteps === undefined ? {} : { maxSteps: flags.maxSteps }),
  }));
}
