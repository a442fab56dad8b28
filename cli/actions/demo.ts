import { join } from 'node:path';
import type { Command } from 'commander';
import { loadSuite } from '../../src/index.ts';
import { DEMO_SERVER, loadDemo, writeExperimentReports, type DemoCommon } from '../../experiments/index.ts';
import { sellerDescriptionsFile } from '../../servers/shipped-files.ts';
import { checkAgent, describeAgent, type AgentConfig } from '../../src/index.ts';
import { checkSearchAgents, createAgent, searchAgentConfig } from '../agents.ts';
import { inputError, TdoError, type Agent, type CapStop } from '../../src/index.ts';
import type { CliConfig } from '../config.ts';
import { checkModelEndpoint, checkSpendCaps, modelSpend } from '../model-clients.ts';
import { searchModels } from '../search-parts.ts';
import { capFlag } from '../format/run-report.ts';
import { checkProposer, createProposer, proposerSelection } from '../proposers.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { withStore } from '../context.ts';
import { interruptible } from '../interrupt.ts';
import { startProgress, startSearchProgress } from '../progress.ts';
import type { DemoFlags } from '../tables/demo.ts';
import { checkQueue, openEpisodeQueue } from '../queue.ts';
import { demoJson, renderDemo } from '../format/demo.ts';
import { demoAgentsJson, renderDemoAgents } from '../format/demo-agents.ts';
import { toJsonText } from '../../src/index.ts';

const { runOverconfidentDemo, runOverconfidentDemoAcrossAgents } = await loadDemo();

export async function demoCommand(name: string, flags: DemoFlags, command: Command): Promise<void> {
  if (name !== 'overconfident') throw inputError(`unknown demo "${name}"; the one demo is: overconfident`);
  checkSearchAgents(flags, command, 'reads the descriptions');
  const agentConfigs: AgentConfig[] = flags.agents ?? [searchAgentConfig(flags)];
  for (const agentConfig of agentConfigs) checkAgent(agentConfig);
  const proposerConfig = proposerSelection(flags);
  checkProposer(proposerConfig);
  const models = searchModels({ agents: agentConfigs, proposer: proposerConfig });
  const check = async (config: CliConfig) => {
    checkSpendCaps(config, flags, models);
    // with --queue the workers make the agents' calls; the proposer's are always this process's
    checkModelEndpoint({}, flags.queue === undefined ? models : searchModels({ agents: [], proposer: proposerConfig }));
    await checkQueue(flags.queue);
  };
  const stopping = 'stopping: finishing episodes in flight; everything so far is saved';
  const interrupted = () => 'demo interrupted: the episodes run so far are recorded; run the demo again';
  await interruptible(stopping, (signal) => demoAndReport(flags, check, agentConfigs, proposerConfig, signal), interrupted);
}

async function demoAndReport(
  flags: DemoFlags,
  check: (config: CliConfig) => Promise<void>,
  agentConfigs: AgentConfig[],
  proposerConfig: ReturnType<typeof proposerSelection>,
  interrupt: AbortSignal,
): Promise<void> {
  const models = searchModels({ agents: agentConfigs, proposer: proposerConfig });
  await withStore(flags, { mode: 'write', check }, async ({ store, config }) => {
    const search = startSearchProgress();
    const episodes = startProgress();
    let queue: Awaited<ReturnType<typeof openEpisodeQueue>> | undefined;
    try {
      // one limiter and one meter for the agents and every proposer of the demo: they draw on the same account
      const spend = modelSpend(config, flags, models);
      const setup = { reuseCache: flags.cache, rateLimiter: modelRateLimiter(flags, config), spend };
      const agents = agentConfigs.map((agentConfig) => ({ agent: createAgent(agentConfig, store, setup), agentConfig: { ...agentConfig } }));
      const proposer = () => createProposer(proposerConfig, store, setup);
      // Before any run is created: an unreachable queue leaves nothing behind.
      queue = flags.queue === undefined ? undefined : await openEpisodeQueue(flags.queue);
      const common: DemoCommon = {
        store,
        shippedFile: sellerDescriptionsFile(DEMO_SERVER),
        market: loadSuite('market', config.refs),
        proposer,
        settings: { budget: flags.budget, seed: flags.seed, repeats: flags.repeat, concurrency: flags.concurrency },
        signal: AbortSignal.any([interrupt, spend.signal]),
        onPhase: (phase) => {
          search.stop();
          process.stderr.write(`demo: ${phase}\n`);
        },
        onSearchProgress: (p) => search.update(p),
        onRunStart: ({ version, total, split }) => {
          search.stop();
          episodes.stop();
          if (process.stderr.isTTY) process.stderr.write(`  ${version}${split === 'test' ? '' : ` (${split})`}\n`);
          episodes.start(total, 0);
        },
        onEpisode: (e) => episodes.tick(e),
      };
      const onAgentStart = (agent: string) => {
        episodes.stop();
        process.stderr.write(`demo: the experiment with ${agent}\n`);
      };
      await runDemo(flags, common, { agents, queue, onAgentStart }).catch((err: unknown) => {
        throw spend.capReached === undefined ? err : capStopped(spend.capReached, err);
      });
    } finally {
      search.stop();
      episodes.stop();
      await queue?.close();
    }
  });
}

/** The demo's one agent or several, as the command built them. */
interface DemoAgents {
  agents: Array<{ agent: Agent; agentConfig: Record<string, unknown> }>;
  queue: Awaited<ReturnType<typeof openEpisodeQueue>> | undefined;
  /** A new agent's experiment begins (with several agents). */
  onAgentStart: (agent: string) => void;
}

/** The demo's two searches and its experiment, then its report. */
async function runDemo(flags: DemoFlags, common: DemoCommon, { agents, queue, onAgentStart }: DemoAgents): Promise<void> {
  const out = (createdAt: string) => flags.out ?? join('reports', `demo-overconfident-${createdAt.replace(/[:.]/g, '-')}`);
  if (agents.length > 1) {
    const report = await runOverconfidentDemoAcrossAgents({
      ...common,
      agents,
      objective: flags.objective ?? 'mean',
      ...(queue === undefined ? {} : { executor: queue.executor }),
      onAgentStart,
    });
    const written = writeExperimentReports(report.experiment, out(report.experiment.createdAt));
    process.stdout.write(flags.json ? toJsonText(demoAgentsJson(report, written.html)) : renderDemoAgents(report, written.html));
    return;
  }
  const { agent, agentConfig } = agents[0]!;
  const report = await runOverconfidentDemo({ ...common, agent, ...(queue === undefined ? {} : { queue: { executor: queue.executor, agentConfig } }) });
  const written = writeExperimentReports(report.experiment, out(report.experiment.createdAt));
  process.stdout.write(flags.json ? toJsonText(demoJson(report, written.html)) : renderDemo(report, describeAgent(agent.id), written.html));
}

/** A cap stops the demo as Ctrl-C does; it is not resumed, so the way on is to run it again with a raised cap. */
function capStopped(cap: CapStop, cause: unknown): TdoError {
  return new TdoError(
    'interrupted',
    `stopped: ${cap}; the demo's searches and episodes so far are recorded. Run the demo again with a raised ${capFlag(cap)}: the model calls already answered come from the response cache.`,
    { cause },
  );
}
