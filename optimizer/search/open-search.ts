// The search's start, once the servers are connected: the seed read off the target server, every server's
// descriptions recorded as versions, the seed's recorded episodes chosen (--traces), the run opened or resumed
// and locked, and its status set running.
import { advertisedDescriptions, inputError, type Host } from '../../src/index.ts';
import { conditionLabel, type RunRow } from '../../traces/index.ts';
import type { RecordedResult } from '../engine/engine.ts';
import type { Texts } from '../engine/types.ts';
import { openRun } from './open-run.ts';
import type { Competitor } from './proposal-context.ts';
import type { OptimizeRequest, SearchPlan } from './optimize-request.ts';
import { recordedSeedResults, requireSeedEpisodes } from '../adapter/recorded-seed.ts';
import type { SkippedSeedEpisode } from '../adapter/skipped-seed.ts';
import type { SearchRuns } from './run-status.ts';
import type { OptimizeSettings } from './settings.ts';
import type { ScoredEpisode } from '../adapter/targets.ts';

export interface OpenedSearch {
  run: RunRow;
  /** the settings as the run stores them: the seed's recorded episodes and the agents' runs taken in */
  settings: OptimizeSettings;
  /** the run of each agent, in order (the search's own run with one agent) */
  agentRuns: string[];
  seedTexts: Texts;
  /** tool -> input schema of the target server, which the proposer reads */
  inputSchemas: Record<string, unknown>;
  /** the catalogue's tools of the other servers, as the agent sees them, which the proposer weighs the target's against */
  otherTools: Competitor[];
  seedVersionId: string;
  /** the recorded episodes that stand for the seed's first minibatches, and those that could not */
  seedResults: RecordedResult<ScoredEpisode>[] | undefined;
  skipped: SkippedSeedEpisode[];
}

export function openSearch(req: OptimizeRequest, plan: SearchPlan, host: Host, runs: SearchRuns): OpenedSearch {
  const { store, loaded } = req;
  const server = req.settings.server;
  const listed = host.servers.find((s) => s.server === server)!;
  const seedTexts = advertisedDescriptions(listed);
  if (Object.keys(seedTexts).length === 0) throw inputError(`server "${server}" lists no tools, so there is nothing to optimize`);
  const catalogue = host.catalogue().tools;
  req.onCatalogue?.(catalogue);
  const versionIds = Object.fromEntries(
    host.servers.map((s) => [s.server, store.recordVersion({ server: s.server, descriptions: advertisedDescriptions(s), origin: 'seed' }).id]),
  );
  const seedVersionId = versionIds[server]!;
  const selection =
    req.seedRuns !== undefined && req.resumeRunId === undefined
      ? requireSeedEpisodes(store, {
          suite: loaded.suite,
          server,
          runIds: req.seedRuns,
          seedVersionId,
          target: plan.target,
          condition: conditionLabel(plan.conditions.values),
        })
      : undefined;
  const asked = selection === undefined ? req.settings : { ...req.settings, seedEpisodes: selection.episodeIds };
  const { run, settings } = openRun(req, asked, versionIds, plan.conditions.values);
  const agentRuns = settings.agentRuns ?? [run.id];
  runs.open(run, agentRuns);
  req.onStart?.({ runId: run.id, resumed: req.resumeRunId !== undefined });
  runs.setStatus('running');
  const { seedEpisodes } = settings;
  const scoring = { suite: loaded.suite, server, target: plan.target, agentId: plan.agents[0]!.id };
  return {
    run,
    settings,
    agentRuns,
    seedTexts,
    inputSchemas: Object.fromEntries(listed.tools.map((t) => [t.name, t.inputSchema])),
    otherTools: catalogue.filter((t) => t.server !== server).map((t) => ({ server: t.server, name: t.name, description: t.description })),
    seedVersionId,
    seedResults: seedEpisodes && recordedSeedResults(store, scoring, seedEpisodes),
    skipped: selection?.skipped ?? [],
  };
}
