import { loadSuite } from '../../src/index.ts';
import { startEpisodeWorker } from '../../src/run/queue/index.ts';
import { ServedSuites } from '../../src/index.ts';
import { createAgent } from '../agents.ts';
import { commandConfig } from '../context.ts';
import { inputError } from '../../src/index.ts';
import type { WorkerFlags } from '../tables/worker.ts';
import { openEpisodeQueue } from '../queue.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { modelSpend } from '../model-clients.ts';
import { MODEL_FREE_KINDS, type AgentAllowance } from '../../src/index.ts';
import { agentAllowance, allowedAgent } from '../worker-agents.ts';

/** A worker keeps no trace store: model answers are not replayed from one, only fetched. */
const NO_RESPONSE_CACHE = { cacheGet: () => undefined, cachePut: () => undefined };

export async function workerCommand(flags: WorkerFlags): Promise<void> {
  const config = commandConfig(flags);
  if (flags.suite.length === 0)
    throw inputError('tdo worker needs --suite NAME|FILE,...: the suites it may run (a job names one of them; any other is refused)');
  // Read once, here: the operator's files, never one a job points at.
  const suites = new ServedSuites(flags.suite.map((suite) => loadSuite(suite, config.refs)));
  // Refuses an unusable URL or an unreachable Redis now (exit 2 for the URL, 3 for Redis), not on the first job.
  const probe = await openEpisodeQueue(flags.queue);
  await probe.close();

  // One limiter for every agent this worker builds, as for any other process's model clients; the worker prices
  // its calls at its own config's prices, and the coordinator records the costs with the steps.
  const setup = { rateLimiter: modelRateLimiter(flags, config), spend: modelSpend(config, {}, []) };
  const allowance = agentAllowance(config);
  const worker = startEpisodeWorker({
    address: probe.address,
    concurrency: flags.concurrency,
    lockDurationMs: flags.lockDuration,
    ...(flags.name === undefined ? {} : { name: flags.name }),
    suites,
    buildAgent: (settings) => {
      const agent = allowedAgent(settings, allowance);
      if ('refused' in agent) throw new Error(agent.refused);
      return createAgent(agent, NO_RESPONSE_CACHE, setup);
    },
    onEpisode: (job, { record }) => {
      const verdict = record.result.status === 'error' ? `error: ${record.result.feedback}` : record.result.success ? 'success' : 'failure';
      process.stderr.write(`${job.episodeId} run ${job.runId} task ${job.taskId} repeat ${job.repeat}: ${verdict}\n`);
    },
    onError: (err) => process.stderr.write(`tdo worker: ${err.message}\n`),
    onJobFailed: (err) => process.stderr.write(`tdo worker: ${err.message}\n`),
  });
  await worker.worker.waitUntilReady();
  process.stderr.write(
    `tdo worker: taking episodes of ${suites.names.join(', ')} from ${probe.address.shown}, ${flags.concurrency} at a time, ${allowanceText(allowance)} (Ctrl-C to stop)\n`,
  );

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.stderr.write('tdo worker: finishing the episodes in flight\n');
  await worker.close();
}

/** What the banner says of the agents this worker runs. */
function allowanceText({ model, maxSteps }: AgentAllowance): string {
  return model === undefined
    ? `${MODEL_FREE_KINDS} agents only (agent.model in tdo.config.json allows an LLM one)`
    : `LLM agents on ${model} with at most ${maxSteps} model calls an episode`;
}
