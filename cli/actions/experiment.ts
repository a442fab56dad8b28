import type { Command } from 'commander';
import { infrastructureError, inputError, isTdoError } from '../../src/index.ts';
import { loadSuite } from '../../src/index.ts';
import { experimentToolSearch } from '../tool-search.ts';
import {
  agentSentence,
  defaultReportDir,
  loadExperimentRunner,
  resolveVersion,
  verdictSentence,
  writeExperimentReports,
  type ExperimentReport,
} from '../../experiments/index.ts';
import { agentRecipe, agentSelection, createAgent, type AgentConfig } from '../agents.ts';
import type { ExperimentFlags } from '../tables/experiment.ts';
import { withStore } from '../context.ts';
import type { CliConfig } from '../config.ts';
import { databasePath } from '../database-path.ts';
import { EXIT } from '../errors.ts';
import { interruptSignal } from '../interrupt.ts';
import { startProgress } from '../progress.ts';
import { checkQueue, openEpisodeQueue } from '../queue.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { toJsonText } from '../../src/index.ts';
import { modelCassette, modelSpend } from '../model-clients.ts';
import { spendJson, spendLine } from '../format/spend.ts';
import { capFlag } from '../format/run-report.ts';

const { checkExperimentOptions, runExperiment, runAgentsExperiment } = await loadExperimentRunner();

/** Every run the experiment made, held-out and paraphrase splits alike. */
function experimentRunIds(report: ExperimentReport): string[] {
  return report.suites.flatMap((s) => [...s.results, ...(s.paraphrase?.results ?? [])].map((r) => r.runId));
}

const EXIT_BY_VERDICT = { error: EXIT.usage, interrupted: EXIT.interrupted, regression: EXIT.failure, pass: EXIT.ok } as const;

export async function experimentCommand(flags: ExperimentFlags, command: Command): Promise<void> {
  if (flags.agents !== undefined && command.getOptionValueSource('agent') === 'cli')
    throw inputError('--agent and --agents both choose who runs the versions: give one of them');
  if (flags.agents !== undefined && flags.model !== undefined) throw inputError('with --agents, name each LLM agent as llm:MODEL instead of --model');
  if (flags.suite.length === 0) throw inputError('tdo experiment needs --suite NAME[,NAME] (e.g. --suite lab)');
  // --versions is the old spelling of --version, kept as a hidden alias
  const versionRefs = [...flags.version, ...flags.versions];
  if (versionRefs.length === 0)
    throw inputError('tdo experiment needs --version A[,B,...]; the first is the baseline', { see: { command: 'tdo versions', dbPath: databasePath(flags) } });
  // the suites, options, agents and queue are checked before the store is opened: refused input leaves no new database behind
  const check = async (config: CliConfig) => {
    const suites = flags.suite.map((s) => loadSuite(s, config.refs));
    const toolSearch = experimentToolSearch(flags, suites, config);
    checkExperimentOptions({ suites, conditions: flags.condition, threshold: flags.threshold, maxErrorRate: flags.maxErrorRate });
    const agentConfigs = experimentAgents(flags);
    for (const agentConfig of agentConfigs) agentRecipe(agentConfig);
    await checkQueue(flags.queue);
    return { suites, agentConfigs, toolSearch };
  };
  await withStore(flags, { mode: 'update', langfuse: true, check }, async ({ store, config }, { suites, agentConfigs, toolSearch }) => {
    // Before any run is created: an unreachable queue leaves nothing behind.
    const queue = flags.queue === undefined ? undefined : await openEpisodeQueue(flags.queue);
    const interrupt = interruptSignal('stopping: finishing episodes in flight');
    const progress = startProgress();
    try {
      const versions = versionRefs.map((ref) => resolveVersion(store, ref));
      // one meter over every run of the experiment: a cap stops the experiment where it is
      const llmModels = agentConfigs.flatMap((a) => (a.kind === 'llm' && a.model !== undefined ? [a.model] : []));
      const spend = modelSpend(config, flags, llmModels);
      const setup = { reuseCache: flags.cache, rateLimiter: modelRateLimiter(flags, config), spend, cassette: await modelCassette(flags) };
      const agents = agentConfigs.map((agentConfig) => ({
        agent: createAgent(agentConfig, store, setup),
        agentConfig: { ...agentConfig },
      }));
      const settings = {
        suites,
        versions,
        repeats: flags.repeat,
        seed: flags.seed,
        concurrency: flags.concurrency,
        conditions: flags.condition,
        threshold: flags.threshold,
        maxErrorRate: flags.maxErrorRate,
        toolSearch,
      };
      const common = {
        store,
        signal: AbortSignal.any([interrupt.signal, spend.signal]),
        ...(queue === undefined ? {} : { executor: queue.executor }),
        onRunStart: ({ suite, version, total, split }: { suite: string; version: string; total: number; split: string }) => {
          progress.stop();
          if (process.stderr.isTTY) process.stderr.write(`${suite}${split === 'test' ? '' : ` (${split})`}: ${version}\n`);
          progress.start(total, 0);
        },
        onEpisode: (episode: { status: 'completed' | 'error'; success: boolean }) => progress.tick(episode),
      };
      // A server that does not start is not a regression verdict: say which command it stopped.
      const couldNotRun = (err: unknown): never => {
        throw isTdoError(err, 'infrastructure') ? infrastructureError(`the experiment could not run: ${err.message}`, { cause: err }) : err;
      };
      if (agents.length > 1) {
        const report = await runAgentsExperiment(settings, {
          ...common,
          agents,
          onAgentStart: (agent) => process.stderr.isTTY && process.stderr.write(`agent ${agent}\n`),
        }).catch(couldNotRun);
        progress.stop();
        const written = writeExperimentReports(report, flags.out ?? defaultReportDir());
        if (flags.json) process.stdout.write(toJsonText(report));
        else {
          const { renderAgentsExperimentSummary } = await import('../../experiments/index.ts');
          process.stdout.write(`${renderAgentsExperimentSummary(report)}reports: ${written.markdown}\n         ${written.json}\n         ${written.html}\n`);
        }
        if (report.verdict === 'error') {
          const { agentsVerdictSentence } = await import('../../experiments/index.ts');
          process.stderr.write(`tdo: ${agentsVerdictSentence(report)} Fix the cause and run the experiment again.\n`);
        }
        process.exitCode = EXIT_BY_VERDICT[report.verdict];
        return;
      }
      const report = await runExperiment(settings, { ...common, ...agents[0]! }).catch(couldNotRun);
      progress.stop();
      const written = writeExperimentReports(report, flags.out ?? defaultReportDir());
      const spent = { spend: store.runSpend(experimentRunIds(report)), simulated: { agent: agentConfigs[0]!.kind === 'sim' } };
      if (flags.json) {
        process.stdout.write(toJsonText({ ...report, spend: spendJson(spent.spend, spent.simulated), stopped: spend.capReached ?? null }));
      } else {
        const { renderExperimentSummary } = await import('../../experiments/index.ts');
        process.stdout.write(renderExperimentSummary(report));
        process.stdout.write(
          `${agentSentence(report)}\n${verdictSentence(report)}\n${spendLine(spent.spend, spent.simulated)}\nreports: ${written.markdown}\n         ${written.json}\n         ${written.html}\n`,
        );
      }
      if (spend.capReached !== undefined)
        process.stderr.write(
          `tdo: stopped: ${spend.capReached}; the episodes run so far are recorded. Run the experiment again with a raised ${capFlag(spend.capReached)}.\n`,
        );
      if (report.verdict === 'error') process.stderr.write(`tdo: ${verdictSentence(report)} Fix the cause and run the experiment again.\n`);
      process.exitCode = EXIT_BY_VERDICT[report.verdict];
    } finally {
      progress.stop();
      interrupt.release();
      await queue?.close();
    }
  });
}

/** The agents that measure the versions: --agents, else --agent (with --model), each with --max-steps. */
function experimentAgents(flags: ExperimentFlags): AgentConfig[] {
  return (flags.agents ?? [{ ...agentSelection(flags.agent), ...(flags.model === undefined ? {} : { model: flags.model }) }]).map((a) => ({
    ...a,
    ...(flags.maxSteps === undefined ? {} : { maxSteps: flags.maxSteps }),
  }));
}
