// The search's evaluator: one McpEvaluator per agent, each recording into that agent's run, behind one
// AgentsEvaluator that splits the engine's (task, agent) instances among them.
import pLimit from 'p-limit';
import type { SuiteHost } from '../../src/index.ts';
import { AgentsEvaluator } from '../adapter/agents-evaluator.ts';
import { McpEvaluator } from '../adapter/evaluator.ts';
import { resumeOf, type OptimizeRequest, type SearchPlan } from './optimize-request.ts';
import type { OpenedSearch } from './open-search.ts';
import type { ScoredEpisode } from '../adapter/targets.ts';

export function searchEvaluator(req: OptimizeRequest, plan: SearchPlan, { host, headersFor }: SuiteHost, opened: OpenedSearch): AgentsEvaluator<ScoredEpisode> {
  const { settings, run, agentRuns } = opened;
  // one set of episode slots for the whole search: parallel mutations and the report's splits share them
  const slots = pLimit(settings.concurrency);
  const evaluators = plan.agents.map(
    (agent, i) =>
      new McpEvaluator({
        store: req.store,
        host,
        agent,
        suite: req.loaded.suite,
        runId: agentRuns[i]!,
        searchRunId: run.id,
        server: settings.server,
        target: plan.target,
        randomSeed: settings.randomSeed,
        concurrency: settings.concurrency,
        ...(settings.toolSearch === undefined ? {} : { toolSearch: settings.toolSearch }),
        slots,
        ...(req.signal ? { signal: req.signal } : {}),
        ...(headersFor ? { headersFor } : {}),
        resumeCommand: (searchRunId: string) => resumeOf(req, searchRunId),
        ...(req.executor === undefined
          ? {}
          : {
              remote: {
                executor: req.executor,
                loaded: req.loaded,
                versionIds: run.versionIds,
                conditions: plan.conditions.values,
                agentConfig: settings.agents?.[i] ?? settings.agent,
              },
            }),
      }),
  );
  return new AgentsEvaluator(evaluators, plan.instances);
}
