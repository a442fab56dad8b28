import { join } from 'node:path';
import type { Command } from 'commander';
import { loadSuite } from '../../src/index.ts';
import { DEMO_SERVER, loadDemo, writeExperimentReports, type DemoCommon } from '../../experiments/index.ts';
import { sellerDescriptionsFile } from '../../servers/shipped-files.ts';
import { agentRecipe, checkSearchAgents, createAgent, describeAgent, searchAgentConfig, type AgentConfig } from '../agents.ts';
import { inputError } from '../../src/index.ts';
import { checkProposer, createProposer, proposerSelection } from '../proposers.ts';
import { modelRateLimiter } from '../rate-limits.ts';
import { withStore } from '../context.ts';
import { interruptSignal } from '../interrupt.ts';
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
  for (const agentConfig of agentConfigs) agentRecipe(agentConfig);
  const proposerConfig = proposerSelection(flags);
  checkProposer(proposerConfig);
  await withStore(flags, { mode: 'write', check: () => checkQueue(flags.queue) }, async ({ store, config }) => {
    const interrupt = interruptSignal('stopping: finishing episodes in flight; everything so far is saved');
    const search = startSearchProgress();
    const episodes = startProgress();
    let queue: Awaited<ReturnType<typeof openEpisodeQueue>> | undefined;
    try {
      // one limiter for the agents and every proposer of the demo: they draw on the same account
      const rateLimiter = modelRateLimiter(flags, config);
      const agents = agentConfigs.map((agentConfig) => ({
        agent: createAgent(agentConfig, store, { reuseCache: flags.cache, rateLimiter }),
        agentConfig: { ...agentConfig },
      }));
      const proposer = () => createProposer(proposerConfig, store, { reuseCache: flags.cache, rateLimiter });
      // Before any run is created: an unreachable queue leaves nothing behind.
      queue = flags.queue === undefined ? undefined : await openEpisodeQueue(flags.queue);
      const common: DemoCommon = {
        store,
        shippedFile: sellerDescriptionsFile(DEMO_SERVER),
        market: loadSuite('market', config.refs),
        proposer,
        settings: { budget: flags.budget, seed: flags.seed, repeats: flags.repeat, concurrency: flags.concurrency },
        signal: interrupt.signal,
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
      const out = (createdAt: string) => flags.out ?? join('reports', `demo-overconfident-${createdAt.replace(/[:.]/g, '-')}`);
      if (agents.length > 1) {
        const report = await runOverconfidentDemoAcrossAgents({
          ...common,
          agents,
          objective: flags.objective ?? 'mean',
          ...(queue === undefined ? {} : { executor: queue.executor }),
          onAgentStart: (agent) => {
            episodes.stop();
            process.stderr.write(`demo: the experiment with ${agent}\n`);
          },
        });
        const written = writeExperimentReports(report.experiment, out(report.experiment.createdAt));
        process.stdout.write(flags.json ? toJsonText(demoAgentsJson(report, written.html)) : renderDemoAgents(report, written.html));
        return;
      }
      const { agent, agentConfig } = agents[0]!;
      const report = await runOverconfidentDemo({ ...common, agent, ...(queue === undefined ? {} : { queue: { executor: queue.executor, agentConfig } }) });
      const written = writeExperimentReports(report.experiment, out(report.experiment.createdAt));
      process.stdout.write(flags.json ? toJsonText(demoJson(report, written.html)) : renderDemo(report, describeAgent(agent.id), written.html));
    } finally {
      search.stop();
      episodes.stop();
      interrupt.release();
      await queue?.close();
    }
  });
}
