import type { Command } from 'commander';
import {
  agentList,
  agentSpec,
  commaList,
  conditionList,
  MAX_ERROR_RATE_HELP,
  nonNegativeInt,
  positiveInt,
  rateLimitOption,
  share,
  type AgentListEntry,
  type AgentSpec,
} from '../options.ts';
import type { RateLimitFlags } from '../rate-limits.ts';
import { interruptSignal } from '../interrupt.ts';

interface ExperimentFlags extends RateLimitFlags {
  suite: string[];
  versions: string[];
  repeat: number;
  condition: Record<string, string>;
  agent: AgentSpec;
  /** --agents: every version measured with each of these agents */
  agents?: AgentListEntry[];
  model?: string;
  maxSteps?: number;
  /** false with --no-cache */
  cache: boolean;
  seed: number;
  concurrency: number;
  out?: string;
  threshold: number;
  maxErrorRate: number;
  db?: string;
  json?: boolean;
  queue?: string;
}

export function registerExperiment(program: Command): void {
  program
    .command('experiment')
    .description(
      "run description versions on the test split (and a suite's paraphrase split beside it), N repeats each, and write report.md/.json/.html; exit 1 when a version regresses against the first on test, 2 on a config error or when more episodes errored (model endpoint, MCP server) than --max-error-rate allows",
    )
    .option('--suite <names>', 'suite name(s) or file(s), comma-separated', commaList, [])
    .option('--versions <ids>', 'description versions, comma-separated; the first is the baseline', commaList, [])
    .option('--repeat <n>', 'attempts per task and version (3 by default: one attempt per task rarely separates two versions)', positiveInt, 3)
    .option('--condition <name=value,...>', 'suite conditions, applied to each suite that declares them', conditionList, {})
    .option(
      '--agent <kind>',
      'sim (offline selection model), sim:PERSONA (fitted to one real model; `tdo agents` lists them) or llm (OpenAI-compatible endpoint)',
      agentSpec,
      'sim',
    )
    .option(
      '--agents <list>',
      'measure every version with each of several agents instead of --agent: sim, sim:PERSONA or llm:MODEL, comma-separated; the reports add a versions x agents table',
      agentList,
    )
    .option('--model <name>', 'model name for --agent llm')
    .option('--max-steps <n>', 'model calls per episode for --agent llm', positiveInt)
    .addOption(rateLimitOption('rpm'))
    .addOption(rateLimitOption('tpm'))
    .option(
      '--no-cache',
      'for llm agents and proposers: send every request to the endpoint instead of replaying stored answers (fresh answers are still stored)',
    )
    .option('--seed <n>', 'run seed', nonNegativeInt, 0)
    .option('--concurrency <n>', 'episodes in flight', positiveInt, 4)
    .option('--out <dir>', 'report directory (default reports/experiment-<time>)')
    .option(
      '--threshold <x>',
      "a version regresses when its success rate is more than X below the first version's with 95% confidence (the upper end of the change's interval below -X)",
      share,
      0,
    )
    .option('--max-error-rate <x>', MAX_ERROR_RATE_HELP, share, 0)
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--json', 'print report.json to stdout instead of the summary')
    .option('--queue <url>', 'run the episodes on `tdo worker` processes through this Redis queue (redis://HOST:PORT[/DB]); this process records them')
    .action(async (flags: ExperimentFlags, command: Command) => {
      const { UsageError } = await import('../errors.ts');
      if (flags.agents !== undefined && command.getOptionValueSource('agent') === 'cli')
        throw new UsageError('--agent and --agents both choose who runs the versions: give one of them');
      if (flags.agents !== undefined && flags.model !== undefined) throw new UsageError('with --agents, name each LLM agent as llm:MODEL instead of --model');
      if (flags.suite.length === 0) throw new UsageError('tdo experiment needs --suite NAME[,NAME] (e.g. --suite lab)');
      if (flags.versions.length === 0) throw new UsageError('tdo experiment needs --versions A[,B,...] (see `tdo versions`); the first is the baseline');
      const { openStoreForWriting } = await import('../store.ts');
      const { agentSelection, createAgent } = await import('../agents.ts');
      const { startProgress } = await import('../progress.ts');
      const { loadSuite, SuiteError } = await import('../../suite/load.ts');
      const { loadCliConfig } = await import('../config.ts');
      const { modelRateLimiter } = await import('../rate-limits.ts');
      const { InputError } = await import('../../../experiments/input-error.ts');
      const { resolveVersion } = await import('../../../experiments/versions/resolve.ts');
      const { runExperiment } = await import('../../../experiments/experiment/run-experiment.ts');
      const { defaultReportDir, writeExperimentReports } = await import('../../../experiments/experiment/write-reports.ts');
      const { agentSentence, verdictSentence } = await import('../../../experiments/experiment/columns.ts');

      const { openEpisodeQueue } = await import('../queue.ts');
      const store = openStoreForWriting(flags.db);
      // Before any run is created: an unreachable queue leaves nothing behind.
      const queue =
        flags.queue === undefined
          ? undefined
          : await openEpisodeQueue(flags.queue).catch((err: unknown) => {
              store.close();
              throw err;
            });
      const interrupt = interruptSignal('stopping: finishing episodes in flight');
      const progress = startProgress();
      try {
        const config = loadCliConfig();
        const { refs } = config;
        const suites = flags.suite.map((s) => {
          try {
            return loadSuite(s, refs);
          } catch (err) {
            throw err instanceof SuiteError ? new UsageError(err.message) : err;
          }
        });
        const versions = flags.versions.map((ref) => resolveVersion(store, ref));
        const rateLimiter = modelRateLimiter(flags, config);
        const agentConfigs = (flags.agents ?? [{ ...agentSelection(flags.agent), ...(flags.model === undefined ? {} : { model: flags.model }) }]).map((a) => ({
          ...a,
          ...(flags.maxSteps === undefined ? {} : { maxSteps: flags.maxSteps }),
        }));
        const agents = agentConfigs.map((agentConfig) => ({
          agent: createAgent(agentConfig, store, { reuseCache: flags.cache, rateLimiter }),
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
        };
        const common = {
          store,
          signal: interrupt.signal,
          ...(queue === undefined ? {} : { executor: queue.executor }),
          onRunStart: ({ suite, version, total, split }: { suite: string; version: string; total: number; split: string }) => {
            progress.stop();
            if (process.stderr.isTTY) process.stderr.write(`${suite}${split === 'test' ? '' : ` (${split})`}: ${version}\n`);
            progress.start(total, 0);
          },
          onEpisode: (episode: { status: 'completed' | 'error'; success: boolean }) => progress.tick(episode),
        };
        const couldNotRun = (err: unknown): never => {
          if (err instanceof InputError || err instanceof UsageError) throw err;
          // A server that does not start, a database that fails: not a regression verdict.
          throw new UsageError(`the experiment could not run: ${(err as Error).message}`);
        };
        if (agents.length > 1) {
          const { runAgentsExperiment } = await import('../../../experiments/experiment/agents-experiment.ts');
          const report = await runAgentsExperiment(settings, {
            ...common,
            agents,
            onAgentStart: (agent) => process.stderr.isTTY && process.stderr.write(`agent ${agent}\n`),
          }).catch(couldNotRun);
          progress.stop();
          const written = writeExperimentReports(report, flags.out ?? defaultReportDir());
          if (flags.json) process.stdout.write(`${JSON.stringify(report)}\n`);
          else {
            const { renderAgentsExperimentSummary } = await import('../../../experiments/experiment/agents-summary.ts');
            process.stdout.write(`${renderAgentsExperimentSummary(report)}reports: ${written.markdown}\n         ${written.json}\n         ${written.html}\n`);
          }
          if (report.verdict === 'error') {
            const { agentsVerdictSentence } = await import('../../../experiments/experiment/agents-columns.ts');
            process.stderr.write(`tdo: ${agentsVerdictSentence(report)} Fix the cause and run the experiment again.\n`);
          }
          process.exitCode = { error: 2, interrupted: 130, regression: 1, pass: 0 }[report.verdict];
          return;
        }
        const report = await runExperiment(settings, { ...common, ...agents[0]! }).catch(couldNotRun);
        progress.stop();
        const written = writeExperimentReports(report, flags.out ?? defaultReportDir());
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(report)}\n`);
        } else {
          const { renderExperimentSummary } = await import('../../../experiments/experiment/summary.ts');
          process.stdout.write(renderExperimentSummary(report));
          process.stdout.write(
            `${agentSentence(report)}\n${verdictSentence(report)}\nreports: ${written.markdown}\n         ${written.json}\n         ${written.html}\n`,
          );
        }
        if (report.verdict === 'error') process.stderr.write(`tdo: ${verdictSentence(report)} Fix the cause and run the experiment again.\n`);
        process.exitCode = { error: 2, interrupted: 130, regression: 1, pass: 0 }[report.verdict];
      } finally {
        progress.stop();
        interrupt.release();
        await queue?.close();
        store.close();
      }
    });
}
